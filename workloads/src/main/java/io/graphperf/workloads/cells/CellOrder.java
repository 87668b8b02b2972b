package io.graphperf.workloads.cells;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which a trial measures its cells. Shuffled by default, with the run's seed and the trial's
 * number, so that no cell is always measured first (on the coldest server) or always after the same
 * neighbours, and repeats see different orders; the seed is printed and stored, so an order can be repeated.
 */
public final class CellOrder {

    private CellOrder() {
    }

    public static <T> List<T> of(List<T> listed, boolean shuffled, long seed, int trial) {
        List<T> out = new ArrayList<>(listed);
        if (shuffled) Collections.shuffle(out, new Random(seed * 31 + trial));
        return out;
    }

    public static String describe(boolean shuffled, long seed) {
        return shuffled ? "shuffled with seed " + seed + " (--seed " + seed + " repeats it), reshuffled for every trial" : "as listed";
    }
}
