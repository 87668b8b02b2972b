package io.graphperf.workloads.cells;

import io.graphperf.core.measure.InProcess;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.measure.JitMeter;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.PortableOperations;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.report.Format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Warms the engine before the first cell, so that no cell's figure depends on the cells measured before it: a
 * freshly started JVM compiles its hot code for a long time — on 2 cores the engine host's single C2 compiler thread
 * used ~40 s of CPU over the first ~110 s of create-labelled-indexed at 8 clients, while throughput climbed tenfold —
 * and a cell measured first would measure the compiler. Every cell's workload runs in turn, with the cell's own
 * load (a lighter one lets the compiler finish sooner, but the cell's load then wakes it again: measured, a 1-client
 * warm-up went quiet after 60 s and the 8-client cell then climbed from 660 to 1,440 ops/s), for a short slice
 * (10 s ÷ the number of cells, 1–10 s), round after round, until:
 * <ul>
 *   <li>where the engine runs on this machine: its JVM's and the harness's JIT compiler threads used less than
 *   {@link #QUIET_CORES} cores over the last round — the code the cells run is compiled;</li>
 *   <li>for a user's server: no round's throughput (the geometric mean over the slices) rose more than
 *   {@link #NEW_HIGH} above the best before it, twice in a row;</li>
 *   <li>or a cap (or a fixed length, when given).</li>
 * </ul>
 * Nothing of it is recorded as a figure; each cell then still warms up until steady (and its JIT quiet) on its own.
 */
public final class ServerWarmup {

    /** Compiler threads below this many cores over a round: the JIT has done its work. */
    public static final double QUIET_CORES = 0.15;
    /** A round whose throughput is at most this much above the best before is no new high. */
    static final double NEW_HIGH = 0.05;

    /** One cell's workload, run for a slice of time. */
    public record Slice(String label, Run run, CellProbe probe) {

        /** Runs the workload for the given time and returns its throughput. */
        @FunctionalInterface
        public interface Run {
            double opsPerSecond(Duration slice) throws Exception;
        }

        /** A workload the harness sends over a transport with the cell's executor, measured by the Runner (and thrown away). */
        public static Slice of(String label, Transport transport, OperationSource operations, Executor executor, CellProbe probe) {
            AtomicInteger round = new AtomicInteger();
            return new Slice(label, slice -> {
                RunPlan plan = new RunPlan(executor, new Warmup.Fixed(Duration.ZERO), slice, 0, slice.dividedBy(2), 2, slice);
                Measurement m = new Runner(transport, ofRound(operations, round.getAndIncrement()), plan, null, List.of(), List.of()).run();
                return m.throughput().opsPerSecond();
            }, probe);
        }

        /** A workload measured inside the engine's own process (the embedded transport) by its Runner (and thrown away). */
        public static Slice inProcess(String label, Engine engine, PortableOperations operations, Executor executor) {
            AtomicInteger round = new AtomicInteger();
            return new Slice(label, slice -> InProcess.measure(engine, InProcessPlan.of((PortableOperations) ofRound(operations, round.getAndIncrement()),
                    new RunPlan(executor, new Warmup.Fixed(Duration.ZERO), slice, 0, slice.dividedBy(2), 2, slice), null)).throughput().opsPerSecond(), null);
        }

        /** The operations of a round: writes with ids of their own in each ({@link PortableOperations#forRound}). */
        static OperationSource ofRound(OperationSource operations, int round) {
            return operations instanceof PortableOperations p ? p.forRound(round) : operations;
        }
    }

    /**
     * @param throughputs per round, each slice's ops/s
     * @param jitCores    per round, the compiler threads' CPU in cores (NaN for a user's server)
     */
    public record Outcome(double seconds, int rounds, boolean converged, List<double[]> throughputs, List<Double> jitCores, String criterion,
                          double capSeconds) {
        public static final Outcome NONE = new Outcome(0, 0, false, List.of(), List.of(), "none", 0);

        /** A warning when an automatic warm-up stopped at its cap while the JIT was still busy (empty otherwise). */
        public Optional<String> warning(String longer) {
            if (rounds == 0 || converged || capSeconds == 0) return Optional.empty();
            double lastJit = jitCores.isEmpty() ? Double.NaN : jitCores.get(jitCores.size() - 1);
            return Optional.of(String.format(Locale.ROOT, "the server warm-up reached its cap of %.0f s (%.0f s with its last round)%s: cells may be slower than on a"
                            + " fully warmed engine and drift within their windows (flagged); %s warms longer", capSeconds, seconds,
                    Double.isNaN(lastJit) ? " before throughput settled" : String.format(Locale.ROOT,
                            " while the engine's and the harness's JIT compilers still used %.2f cores", lastJit), longer));
        }

        public String describe() {
            if (rounds == 0) return "none";
            double lastJit = jitCores.isEmpty() ? Double.NaN : jitCores.get(jitCores.size() - 1);
            return String.format(Locale.ROOT, "%.0f s, %d round%s of its workloads; %s%s", seconds, rounds, rounds == 1 ? "" : "s",
                    converged ? "ended: " + criterion
                            : capSeconds > 0 ? String.format(Locale.ROOT, "cut at its cap of %.0f s before %s", capSeconds, criterion) : criterion,
                    Double.isNaN(lastJit) ? "" : String.format(Locale.ROOT, " (JIT compilers %.2f cores in the last round)", lastJit));
        }
    }

    private ServerWarmup() {
    }

    /**
     * @param fixed a fixed length (zero: no warm-up), or null to run until the JIT is quiet (or throughput settles)
     * @param cap   the longest an automatic warm-up may run
     */
    public static Outcome run(Engine engine, List<Slice> slices, Duration fixed, Duration cap, ProgressListener progress) throws Exception {
        List<Long> jvms = new ArrayList<>();
        jvms.addAll(engine.serverPids());
        boolean local = !jvms.isEmpty();
        jvms.add(ProcessHandle.current().pid());
        JitMeter jit = new JitMeter(jvms);
        if (slices.isEmpty() || (fixed != null && fixed.isZero())) return Outcome.NONE;
        Duration limit = fixed != null ? fixed : cap;
        // a round of slices fits in the limit at least once
        long sliceMillis = Math.max(1000, Math.min(Math.min(10_000, 10_000 / slices.size()), limit.toMillis() / slices.size()));
        Duration slice = Duration.ofMillis(sliceMillis);
        String criterion = fixed != null ? "fixed length" : local
                ? String.format(Locale.ROOT, "the JIT compilers of the engine and the harness below %.2f cores over a round", QUIET_CORES)
                : String.format(Locale.ROOT, "no new throughput high (> +%.0f %%) in two rounds", NEW_HIGH * 100);
        progress.phase("server warm-up: " + slices.size() + " workload" + (slices.size() == 1 ? "" : "s") + " in turn, " + sliceMillis / 1000.0
                + " s each" + (fixed != null ? ", " + fixed.toSeconds() + " s" : local ? ", until the JIT compilers are quiet (cap " + cap.toSeconds() + " s)"
                : ", until the throughput stops rising (cap " + cap.toSeconds() + " s)"));
        long start = System.nanoTime();
        List<double[]> rounds = new ArrayList<>();
        List<Double> jitCores = new ArrayList<>();
        boolean converged = false;
        while (true) {
            double jit0 = jit.compilerSeconds();
            long r0 = System.nanoTime();
            double[] round = new double[slices.size()];
            for (int i = 0; i < slices.size(); i++) round[i] = slices.get(i).run().opsPerSecond(slice);
            rounds.add(round);
            double cores = (jit.compilerSeconds() - jit0) / ((System.nanoTime() - r0) / 1e9);
            jitCores.add(cores);
            double elapsed = (System.nanoTime() - start) / 1e9;
            progress.progress(Math.min(1, elapsed / limit.toSeconds()), String.format(Locale.ROOT, "round %d, JIT compilers %s cores, throughput index %s",
                    rounds.size(), Double.isNaN(cores) ? "?" : String.format(Locale.ROOT, "%.2f", cores), Format.rate(score(round))));
            if (fixed == null) {
                converged = local && !Double.isNaN(cores) ? cores < QUIET_CORES : noNewHigh(rounds, 2);
                if (converged) break;
            }
            if (elapsed >= limit.toSeconds()) break;
        }
        for (Slice s : slices) if (s.probe() != null) s.probe().settle(engine);
        Outcome o = new Outcome((System.nanoTime() - start) / 1e9, rounds.size(), converged, rounds, jitCores, criterion,
                fixed != null ? 0 : cap.toSeconds());
        progress.phaseDone(o.describe());
        return o;
    }

    /** A round's throughput: the geometric mean of its slices' (independent of their scales). */
    static double score(double[] round) {
        double logSum = 0;
        int n = 0;
        for (double v : round) {
            if (v > 0) {
                logSum += Math.log(v);
                n++;
            }
        }
        return n == 0 ? 0 : Math.exp(logSum / n);
    }

    /** The last {@code k} rounds set no new high: none is more than {@link #NEW_HIGH} above the best round before them. */
    static boolean noNewHigh(List<double[]> rounds, int k) {
        if (rounds.size() < k + 2) return false;
        double before = 0, last = 0;
        for (int i = 0; i < rounds.size(); i++) {
            double s = score(rounds.get(i));
            if (i < rounds.size() - k) before = Math.max(before, s);
            else last = Math.max(last, s);
        }
        return last <= (1 + NEW_HIGH) * before;
    }
}
