package io.graphperf.workloads.options;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    @Option(names = "--seed", description = "Seed of the cell order and of sampled parameters (default: a new one per run, printed).")
    public Long seed;

    @Option(names = "--verbose", description = "Show stack traces of errors.")
    public boolean verbose;

    private Matrix.Plan plan;

    /** The matrix file's cells, read once (null without --matrix). */
    public Matrix.Plan matrixPlan() {
        if (matrix == null) return null;
        if (!variants.isEmpty()) throw new io.graphperf.core.UserError("--matrix and --variant do not go together: put the variants into the matrix file");
        if (!java.nio.file.Files.isRegularFile(matrix)) throw new io.graphperf.core.UserError("matrix file " + matrix + " (option --matrix) does not exist");
        if (plan == null) plan = Matrix.read(matrix);
        return plan;
    }

    /** The baseline, then each --variant; or the matrix file's cells, its baseline first. */
    public List<Variant> variantList() {
        Matrix.Plan p = matrixPlan();
        return p != null ? p.cells() : Variant.all(variants);
    }

    public int repeats() {
        Matrix.Plan p = matrixPlan();
        int r = repeat != null ? repeat : p != null ? (p.repeat() != null ? p.repeat() : p.cells().size() > 1 ? 5 : 1) : variants.isEmpty() ? 1 : 5;
        if (r < 1) throw new io.graphperf.core.UserError("--repeat must be at least 1, not " + r);
        return r;
    }
}
