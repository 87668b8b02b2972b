package io.graphperf.workloads.cdc;

import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.report.Format;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.JitMeter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Transfers before the series, not recorded: three JVMs start cold, and their compilers use much of this machine's two cores for a minute
 * or more (measured: the first 100,000-node transaction ran at a quarter of the eighth's rate). Transactions of unit × 10 nodes run until
 * the last {@value #STABLE} were within {@value #SPREAD_PCT} % of their median ms per node (after at least {@value #MIN} of them) and the
 * JIT compilers of the four JVMs (source, broker, sink, harness) used less than {@value #JIT_QUIET_CORES} cores during the last one — a
 * pipeline still compiling can be steady and slow — or until the time is up; which it was is reported.
 */
final class PipelineWarmup {

    static final int STABLE = 3, MIN = 5, SPREAD_PCT = 15;
    static final double JIT_QUIET_CORES = 0.1;

    record Result(int transfers, double seconds, boolean stable, List<Double> msPerNode, double jitCores) {
        String describe() {
            return transfers + " transfers in " + Format.secs(seconds) + " s, " + (stable ? "stable" : "NOT stable when the time was up") + " (ms per node: "
                    + msPerNode.stream().map(Format::ms).reduce((a, b) -> a + ", " + b).orElse("–") + "; JIT compilers at the end: "
                    + Format.cores(jitCores) + " cores)";
        }
    }

    private PipelineWarmup() {
    }

    static Result run(Pipeline p, CdcOptions o, Duration max, ProgressListener progress) throws Exception {
        if (max.isZero()) return new Result(0, 0, false, List.of(), Double.NaN);
        progress.phase("warm up the pipeline (transactions of " + Format.rate(o.unit() * 10.0) + " nodes, at most " + max.toSeconds() + " s)");
        long start = System.nanoTime(), end = start + max.toNanos();
        List<Double> ms = new ArrayList<>();
        boolean stable = false;
        List<Long> pids = new ArrayList<>(List.of(ProcessHandle.current().pid()));
        p.source().serverPid().ifPresent(pids::add);
        p.sink().serverPid().ifPresent(pids::add);
        if (p.broker() != null) pids.add(p.broker().pid());
        JitMeter jit = new JitMeter(pids);
        double jitCores = Double.NaN;
        while (System.nanoTime() < end) {
            double c0 = jit.compilerSeconds();
            long t0 = System.nanoTime();
            Series.Transfer t = Series.run(p, o, 10, 0);
            if (t.shortfall() != null) throw new UserError("the pipeline's warm-up: " + t.shortfall());
            jitCores = (jit.compilerSeconds() - c0) / ((System.nanoTime() - t0) / 1e9);
            ms.add(t.msPerNode());
            if (ms.size() >= MIN && stable(ms.subList(ms.size() - STABLE, ms.size())) && !(jitCores >= JIT_QUIET_CORES)) {
                stable = true;
                break;
            }
        }
        Result r = new Result(ms.size(), (System.nanoTime() - start) / 1e9, stable, ms, jitCores);
        progress.phaseDone(r.describe());
        return r;
    }

    static boolean stable(List<Double> last) {
        List<Double> sorted = last.stream().sorted().toList();
        double median = sorted.get(sorted.size() / 2);
        return last.stream().allMatch(v -> Math.abs(v - median) <= median * SPREAD_PCT / 100.0);
    }
}
