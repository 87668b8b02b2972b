package io.graphperf.workloads.options;

import picocli.CommandLine.Option;
import io.graphperf.core.UserError;
import io.graphperf.core.stats.Precision;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Options every experiment takes: the config file, where results go, variants and repeats, the seed. */
public final class RunOptions {

    @Option(names = "--config", paramLabel = "FILE", description = "YAML file with any of this command's options (same names, without --; cdc also takes its own ini file); the command line wins.")
    public Path config;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for results (default: results).")
    public Path out;

    @Option(names = "--variant", paramLabel = "NAME:KEY=VALUE,...", description = {"A configuration to compare with the baseline (the run's own settings); repeatable.",
            "Keys: heap, page-cache, data-dir, tx-log-dir, or any engine setting (e.g. db.tx_log.rotation.size)."})
    public List<String> variants = new ArrayList<>();

    @Option(names = "--matrix", paramLabel = "FILE", description = {"A matrix file (YAML): axes of filesystems graphperf makes on loop devices (root),",
            "data and log folders, engine settings and hooks; every cell runs --repeat times, interleaved, compared with the baseline cell."})
    public Path matrix;

    @Option(names = "--repeat", paramLabel = "N", description = "Runs per variant, interleaved A B A B … (default: 5 with --variant, else 1). Verdicts need 3 a side.")
    public Integer repeat;

    @Option(names = "--precision", paramLabel = "PERCENT", description = {"Precision on demand: add interleaved runs (a round of every variant at a time, at"
            + " least 3, and 5 before it stops on the target, a duet's 7) until the 95 %% interval of every figure's mean is within ± PERCENT (e.g. 5%%), or"
            + " --budget ends; then say which figures"
            + " reached it and the runs the others would need (instead of --repeat)."})
    public String precision;

    @Option(names = "--budget", paramLabel = "DURATION", converter = DurationConverter.class, description = "With --precision: the time the runs may take in all"
            + " (default: 30m). With --capacity: the time each search may take; no probe starts after it, and the search says so (default: none, 40 probes at most).")
    public Duration budget;
    /** whether a capacity search took --budget as its own */
    private boolean budgetForCapacity;

    @Option(names = "--seed", description = "Seed of the cell order and of sampled parameters (default: a new one per run, printed).")
    public Long seed;

    @Option(names = "--metrics-port", paramLabel = "[HOST:]PORT", description = {"Serve the running cell's live metrics at /metrics (OpenMetrics, for Prometheus;",
            "host 127.0.0.1 unless given; docs/metrics.md)."})
    public String metricsPort;

    @Option(names = "--verbose", description = "Show stack traces of errors.")
    public boolean verbose;

    private Matrix.Plan plan;

    /** The matrix file's cells, read once (empty without --matrix). */
    public Optional<Matrix.Plan> matrixPlan() {
        if (matrix == null) return Optional.empty();
        if (!variants.isEmpty()) throw new UserError("--matrix and --variant do not go together: put the variants into the matrix file");
        if (!Files.isRegularFile(matrix)) throw new UserError("matrix file " + matrix + " (option --matrix) does not exist");
        if (plan == null) plan = Matrix.read(matrix);
        return Optional.of(plan);
    }

    /** The baseline, then each --variant; or the matrix file's cells, its baseline first. */
    public List<Variant> variantList() {
        return matrixPlan().map(Matrix.Plan::cells).orElseGet(() -> Variant.all(variants));
    }

    /** --budget as a capacity search's (null when not given). */
    public Duration capacityBudget() {
        budgetForCapacity = true;
        if (budget != null && budget.toSeconds() < 1) throw new UserError("--budget " + budget + ": give at least 1s");
        return budget;
    }

    /** The precision goal of --precision (empty without it). */
    public Optional<Precision.Goal> precisionGoal() {
        if (precision == null) {
            if (budget != null && !budgetForCapacity) throw new UserError("--budget goes with --precision (the time to reach it in) or --capacity (a search's)");
            return Optional.empty();
        }
        if (repeat != null) throw new UserError("--precision chooses the number of runs itself; drop --repeat " + repeat);
        String p = precision.strip().replace("%", "").strip();
        double pct;
        try {
            pct = Double.parseDouble(p);
        } catch (NumberFormatException e) {
            throw new UserError("--precision " + precision + ": give a percentage, e.g. 5%");
        }
        if (!(pct > 0 && pct < 100)) throw new UserError("--precision " + precision + ": give a percentage above 0 and below 100");
        Duration b = budget != null ? budget : Duration.ofMinutes(30);
        if (b.toSeconds() < 1) throw new UserError("--budget " + b + ": give at least 1s");
        return Optional.of(new Precision.Goal(pct / 100, b, Precision.Goal.MIN_RUNS, Precision.Goal.MAX_RUNS));
    }

    public int repeats() {
        int r = repeat != null ? repeat : matrixPlan().map(p -> p.repeat() != null ? p.repeat() : p.cells().size() > 1 ? 5 : 1)
                .orElse(variants.isEmpty() ? 1 : 5);
        if (r < 1) throw new UserError("--repeat must be at least 1, not " + r);
        return r;
    }

    /** How many trials the run may have: more than one with variants, repeats or a precision goal. */
    public int trials() {
        if (precision != null) return Integer.MAX_VALUE;
        return repeats() * Math.max(1, variantList().size());
    }
}
