package io.graphperf.core.measure;

/**
 * Receives progress of long phases (the CLI draws it, tests ignore it) and, as a {@link RunListener}, the
 * Runner's window events and per-interval samples for a progress bar.
 */
public interface ProgressListener extends RunListener {

    ProgressListener NONE = new ProgressListener() {
    };

    /** A new phase starts, e.g. "start engine" or "cell 3/26: unwind-100 over bolt". */
    default void phase(String label) {
    }

    /** Progress of a phase measured in work done rather than time, e.g. rows written; detail is shown beside the bar. */
    default void progress(double fraction, String detail) {
    }

    /** The current phase ended, with a one-line outcome. */
    default void phaseDone(String outcome) {
    }

    /**
     * Several trials report to this listener at once (a duet's sides): the events that follow belong to the phase named
     * {@code label}, begun at {@code phaseStartNanos}, whose warm-up began at {@code warmupStartNanos} (0 before it) — not to the
     * phase started last. Nothing is shown for the switch itself.
     */
    default void resume(String label, long phaseStartNanos, long warmupStartNanos) {
    }
}
