package io.graphperf.core.engine;

/**
 * Progress of a long phase an engine runs (a bulk import's stages): the CLI draws it, tests ignore it. The measuring layer's
 * {@code ProgressListener} is one, with the Runner's window events besides.
 */
public interface PhaseProgress {

    PhaseProgress NONE = new PhaseProgress() {
        @Override
        public boolean listens() {
            return false;
        }
    };

    /** False for a listener that shows nothing: an engine need not read its tool's output for it. */
    default boolean listens() {
        return true;
    }

    /** A new phase starts, e.g. "start engine" or "cell 3/26: unwind-100 over bolt". */
    default void phase(String label) {
    }

    /** Progress of a phase measured in work done rather than time, e.g. rows written; detail is shown beside the bar. */
    default void progress(double fraction, String detail) {
    }

    /** The current phase ended, with a one-line outcome. */
    default void phaseDone(String outcome) {
    }
}
