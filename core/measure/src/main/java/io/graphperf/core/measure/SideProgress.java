package io.graphperf.core.measure;

import java.util.List;

/**
 * One of several trials running at once (a duet's sides) reporting to one listener: each phase named after its side, every event
 * passed on under one lock, so the two sides' lines do not tear each other's, and preceded by this side's own phase
 * ({@link ProgressListener#resume}), so a side's outcome is never shown under the other side's cell. Per-interval samples are passed on only for the first
 * side: a progress bar shows one cell's rate, not two alternating.
 */
public final class SideProgress implements ProgressListener {

    private final ProgressListener to;
    private final String side;
    private final boolean samples;
    private String label = "";
    private long phaseStart, warmupStart;

    /** @param samples whether this side's per-interval samples reach {@code to} */
    public SideProgress(ProgressListener to, String side, boolean samples) {
        this.to = to;
        this.side = side;
        this.samples = samples;
    }

    @Override
    public void phase(String label) {
        synchronized (to) {
            this.label = "[" + side + "] " + label;
            this.phaseStart = System.nanoTime();
            this.warmupStart = 0;
            to.phase(this.label);
        }
    }

    @Override
    public void progress(double fraction, String detail) {
        synchronized (to) {
            own();
            to.progress(fraction, detail);
        }
    }

    @Override
    public void phaseDone(String outcome) {
        synchronized (to) {
            own();
            to.phaseDone(outcome);
        }
    }

    @Override
    public void planned(RunPlan plan, List<Long> serverPids) {
        synchronized (to) {
            own();
            to.planned(plan, serverPids);
        }
    }

    @Override
    public void warmupStarted(long nanos) {
        synchronized (to) {
            warmupStart = nanos;
            own();
            to.warmupStarted(nanos);
        }
    }

    @Override
    public void interval(Interval sample) {
        if (!samples) return;
        synchronized (to) {
            own();
            to.interval(sample);
        }
    }

    @Override
    public void windowStarted(long nanos, double warmupSeconds, WarmupEnd why) {
        synchronized (to) {
            own();
            to.windowStarted(nanos, warmupSeconds, why);
        }
    }

    @Override
    public void windowExtended(double seconds, String why) {
        synchronized (to) {
            own();
            to.windowExtended(seconds, why);
        }
    }

    @Override
    public void windowEnded(long nanos) {
        synchronized (to) {
            own();
            to.windowEnded(nanos);
        }
    }

    @Override
    public void drained(long nanos) {
        synchronized (to) {
            own();
            to.drained(nanos);
        }
    }

    /** Makes this side's phase the listener's current one (under the listener's lock). */
    private void own() {
        to.resume(label, phaseStart, warmupStart);
    }
}
