package io.graphperf.core.measure;

/**
 * Times phases that are not operations of a load model (an import, schema builds, cache warm-ups, probes) with the
 * same clock as the {@link Runner} ({@link System#nanoTime()}), announcing each to the progress listener.
 */
public final class PhaseTimer {

    /** A phase's value and how long it took. */
    public record Timed<T>(T value, double seconds) {
    }

    /** Work that may throw. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws Exception;
    }

    private PhaseTimer() {
    }

    public static <T> Timed<T> time(Work<T> work) throws Exception {
        long start = System.nanoTime();
        T value = work.run();
        return new Timed<>(value, (System.nanoTime() - start) / 1e9);
    }

    /** Seconds since {@code startNanos}, on the same clock. */
    public static double since(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    public static long now() {
        return System.nanoTime();
    }
}
