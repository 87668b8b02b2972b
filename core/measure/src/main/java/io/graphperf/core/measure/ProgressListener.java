package io.graphperf.core.measure;

import io.graphperf.core.engine.PhaseProgress;

/**
 * Receives progress of long phases (the CLI draws it, tests ignore it: {@link PhaseProgress}) and, as a {@link RunListener}, the
 * Runner's window events and per-interval samples for a progress bar.
 */
public interface ProgressListener extends RunListener, PhaseProgress {

    ProgressListener NONE = new ProgressListener() {
        @Override
        public boolean listens() {
            return false;
        }
    };

    /**
     * Several trials report to this listener at once (a duet's sides): the events that follow belong to the phase named
     * {@code label}, begun at {@code phaseStartNanos}, whose warm-up began at {@code warmupStartNanos} (0 before it) — not to the
     * phase started last. Nothing is shown for the switch itself.
     */
    default void resume(String label, long phaseStartNanos, long warmupStartNanos) {
    }
}
