package io.graphperf.workloads.cdc;

import java.util.List;

/** How long a group's changes took from the source's commit to the sink, in milliseconds: the median, the 99th percentile, the longest. */
record Lag(double p50, double p99, double max) {

    /** From the sink's [p50, p99, max] answer. */
    static Lag of(List<?> row, int from) {
        return new Lag(Series.num(row.get(from)), Series.num(row.get(from + 1)), Series.num(row.get(from + 2)));
    }
}
