package io.graphperf.core.measure;

/**
 * How much of one operation a window holds: the share of its service time (actual start to end) that lies inside the window. A closed
 * model's throughput sums these shares rather than counting the completions inside the window: an operation of 2 s that ends just after
 * the window's end counts for what it did inside it, not for nothing, and one that ends just after its start not for a whole one. With
 * a handful of long operations in flight at each edge (8 clients, 1,000-row transactions of 2 s, 40 in a 10 s window), whole counts
 * move the figure by a client's operation at each edge; shares do not. For operations much shorter than the window both are the same.
 */
final class WindowShare {

    private WindowShare() {
    }

    /**
     * The share of {@code [start, end]} inside {@code [windowStart, windowEnd)}, in [0, 1]; an operation that took no measurable time
     * counts whole when it ended inside the window.
     */
    static double of(long start, long end, long windowStart, long windowEnd) {
        if (end <= start) return end >= windowStart && end < windowEnd ? 1 : 0;
        long inside = Math.min(end, windowEnd) - Math.max(start, windowStart);
        return inside <= 0 ? 0 : (double) inside / (end - start);
    }
}
