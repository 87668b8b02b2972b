package io.graphperf.core.progress;

/** Receives progress of long phases; the CLI draws it, tests ignore it. */
public interface ProgressListener {

    ProgressListener NONE = new ProgressListener() {
    };

    /** A new phase starts, e.g. "start engine" or "scenario 3/26: unwind-100 over bolt". */
    default void phase(String label) {
    }

    /** Once a second during a measured run. */
    default void tick(double elapsedSeconds, double totalSeconds, double opsPerSecond, boolean warmingUp) {
    }

    /** Progress of a phase measured in work done rather than time, e.g. rows written; detail is shown beside the bar. */
    default void progress(double fraction, String detail) {
    }

    /** The current phase ended, with a one-line outcome. */
    default void phaseDone(String outcome) {
    }
}
