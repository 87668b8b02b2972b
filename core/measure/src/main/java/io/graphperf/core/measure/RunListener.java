package io.graphperf.core.measure;

import java.util.List;

/**
 * Events of one measured cell, published by the {@link Runner} from its sampling thread: the progress bar,
 * component probes (which restart their own histograms when the window starts) and anything else that must
 * know where the warm-up ends subscribe here rather than guessing from a timer. Times are
 * {@link System#nanoTime()} values. Listeners must return quickly.
 */
public interface RunListener {

    /** The cell's plan and the processes that serve the engine (whose CPU its figures include), just before its clients start. */
    default void planned(RunPlan plan, List<Long> serverPids) {
    }

    /** Clients have started; the warm-up runs. */
    default void warmupStarted(long nanos) {
    }

    /** One sampling interval ended. */
    default void interval(Interval sample) {
    }

    /** Why a warm-up ended. */
    enum WarmupEnd {
        FIXED("fixed length"), STEADY("steady"), CAP("cap reached before steady");

        public final String text;

        WarmupEnd(String text) {
            this.text = text;
        }
    }

    /** The measured window starts now. */
    default void windowStarted(long nanos, double warmupSeconds, WarmupEnd why) {
    }

    /** The window could not yet tell whether the cell is steady and was lengthened to {@code seconds} in all (see {@link RunPlan#windowMax}). */
    default void windowExtended(double seconds, String why) {
    }

    /** The window ended; no new operation is scheduled. */
    default void windowEnded(long nanos) {
    }

    /** Every client has stopped; nothing more reaches the engine from this cell. */
    default void drained(long nanos) {
    }
}
