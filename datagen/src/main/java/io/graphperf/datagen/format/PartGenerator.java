package io.graphperf.datagen.format;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Writes rows {@code [from, to)} of one file group. Everything it writes must follow from the row
 * numbers and the random stream it is given (seeded per part), so output is identical whatever the
 * number of threads.
 */
@FunctionalInterface
public interface PartGenerator {
    void write(RowBuffer out, long from, long to, SplittableRandom rnd) throws IOException;
}
