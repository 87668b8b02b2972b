package io.graphperf.workloads.cells;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Warmup;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Two trials measured at the same time on one machine, cell for cell (after Bulej et al., "Duet Benchmarking", ICPE 2020): two engine
 * processes, two groups of clients in this process, each cell started by both sides at one instant with the same schedule and the same
 * sampling intervals, so whatever the machine does during a cell (another tenant, the disk's flushes, a frequency change) it does to
 * both. Each side's cells go through {@link #side}'s {@link Side}; a side that reaches a cell waits for the other to reach the same
 * one (its sessions open), then both start together. The partner's trial failing, or the two sides reaching different cells, ends the
 * pair: a duet only pairs what both measured. Cells measured inside an engine's process (the embedded transport) are not paired: each
 * side runs them at its own pace. A cell of a fixed count of operations starts together but ends when its count is done.
 */
public final class Duet {

    /** Once both sides are ready, how far ahead their common start is set: their client threads' start. */
    static final long START_LEAD_MILLIS = 200;

    private final long waitMillis;
    private final String[] names;
    private final String[] keys = new String[2];
    @SuppressWarnings("unchecked")
    private final List<Long>[] pids = new List[]{List.of(), List.of()};
    private final boolean[] waiting = new boolean[2];
    private final String[] gone = new String[2];
    private long generation, start;

    /**
     * @param names the two sides' variant names (for messages)
     * @param wait  how long a side waits for the other to reach the same cell (its reset, schema and server warm-up included)
     */
    public Duet(String sideA, String sideB, Duration wait) {
        this.names = new String[]{sideA, sideB};
        this.waitMillis = wait.toMillis();
    }

    /** Side {@code i} of the duet: each of its runners started together with the other side's runner of the same cell. */
    public Side side(int i) {
        return (runner, cell, plan) -> {
            check(plan);
            return runner.startingAt(() -> meet(i, cell, runner.serverPids()), 0).besides(() -> partner(i));
        };
    }

    /** One side of a duet: how its trial's cells are paired with the other side's, running at the same time. */
    @FunctionalInterface
    public interface Side {
        /** A runner of this process (not inside an engine) for {@code cell}, started together with the other side's same cell. */
        Runner paired(Runner runner, String cell, RunPlan plan);
    }

    /** A cell both sides can start together: a fixed warm-up, so that both windows start at the same instant, never lengthened. */
    public static void check(RunPlan plan) {
        if (!(plan.warmup() instanceof Warmup.Fixed)) {
            throw new UserError("a duet needs a fixed warm-up (option --warmup, e.g. 30s), so that both sides' windows start at the same instant");
        }
        if (!plan.windowMax().equals(plan.window())) throw new UserError("a duet's windows have one length on both sides: they are never lengthened");
    }

    /**
     * Side {@code i} is ready for the cell {@code key}: returns the common start (epoch ms) once the other side is ready for the same
     * cell. The side that arrives second sets it.
     */
    synchronized long meet(int i, String key) throws InterruptedException {
        return meet(i, key, List.of());
    }

    /** As {@link #meet(int, String)}, with side {@code i}'s engine processes, which the other side's CPU meter then leaves out of other load. */
    synchronized long meet(int i, String key, List<Long> enginePids) throws InterruptedException {
        pids[i] = List.copyOf(enginePids);
        int other = 1 - i;
        if (gone[other] != null) throw new UserError("the duet's other side (" + names[other] + ") ended: " + gone[other]);
        keys[i] = key;
        if (waiting[other]) {
            if (!key.equals(keys[other])) {
                String why = names[i] + " reached " + key + " while " + names[other] + " waits at " + keys[other];
                gone[i] = why;
                notifyAll();
                throw new UserError("the duet's sides measure different cells: " + why + " (a duet pairs two configurations of one engine, cell for cell)");
            }
            waiting[other] = false;
            start = System.currentTimeMillis() + START_LEAD_MILLIS;
            generation++;
            notifyAll();
            return start;
        }
        waiting[i] = true;
        long mine = generation, deadline = System.currentTimeMillis() + waitMillis;
        while (generation == mine && gone[other] == null) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                waiting[i] = false;
                throw new UserError("the duet's other side (" + names[other] + ") did not reach " + key + " within " + TimeUnit.MILLISECONDS.toSeconds(waitMillis)
                        + " s of " + names[i]);
            }
            wait(left);
        }
        waiting[i] = false;
        if (generation == mine) throw new UserError("the duet's other side (" + names[other] + ") ended: " + gone[other]);
        return start;
    }

    /** The other side's engine processes, as it last said at a cell. */
    synchronized List<Long> partner(int i) {
        return pids[1 - i];
    }

    /** Whether side {@code i} waits at a cell for the other. */
    synchronized boolean waiting(int i) {
        return waiting[i];
    }

    /** Side {@code i}'s trial ended (done or failed): the other side measures no further pairs with it. */
    public synchronized void leave(int i, String why) {
        if (gone[i] == null) gone[i] = why;
        notifyAll();
    }
}
