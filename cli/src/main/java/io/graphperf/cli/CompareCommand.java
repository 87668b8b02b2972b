package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.report.ConsoleSummary;
import io.graphperf.core.report.EnvironmentInfo;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.report.MarkdownExporter;
import io.graphperf.core.report.ResultsFolder;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Comparisons;
import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.Gate;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.Trials;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares two results folders made earlier, cell by cell and figure by figure: means, spread, the 95 %% confidence",
                "interval of the difference, the minimum detectable effect (MDE) and a verdict (Welch's t-test, Holm's correction, minimum",
                "effect 5 %%). A side is a run folder, or FOLDER:VARIANT for one variant of a run with several. Verdicts need 3 runs a side",
                "(--repeat). Two variants of one duet run (--pairing duet) are compared round by round, as the run did, so --min-effect",
                "re-judges its verdict. With --fail-on it is a regression gate for CI: exit 3 when the gate fails."},
        footer = {"", "Examples:", "  graphperf compare results/20261122-101500-import results/20261122-113000-import",
                "  graphperf compare results/20261122-101500-import:baseline results/20261122-101500-import:small-cache",
                "  graphperf compare results/main-writes results/branch-writes --fail-on slower --markdown summary.md"})
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The baseline: a results folder, or FOLDER:VARIANT.")
    String a;
    @Parameters(index = "1", paramLabel = "RUN_B", description = "The variant to judge against it.")
    String b;
    @Option(names = "--out", description = "Folder for the comparison (default: results/TIMESTAMP-compare).")
    Path out;
    @Option(names = "--min-effect", paramLabel = "PERCENT", description = {"The minimum effect, in percent of the baseline's mean: a figure is equivalent when its"
            + " 95 %% interval lies within ± it, faster/slower when significant and the interval reaches past it (default: 5)."})
    Double minEffect;
    @Option(names = "--fail-on", paramLabel = "slower|inconclusive", description = {"A regression gate: exit " + Gate.EXIT_FAILED
            + " when a figure of RUN_B is slower/worse than RUN_A's (significant after correction, its interval reaching past the minimum effect:"
            + " slower), or also when one"
            + " is inconclusive or has no verdict (inconclusive, the strict gate). The failing figures are listed."})
    String failOn;
    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the comparison as Markdown (the gate's outcome first), e.g. $GITHUB_STEP_SUMMARY.")
    Path markdown;

    /** One side: its folder, label, cells (of passed trials) and the trials left out. */
    private record Side(Path folder, String label, RunResult run, List<Cell> cells, List<String> excluded) {
    }

    @Override
    public Integer call() throws Exception {
        Gate.Rule rule = null;
        if (failOn != null) {
            try {
                rule = Gate.Rule.parse(failOn);
            } catch (IllegalArgumentException e) {
                throw new UserError("--fail-on " + failOn + ": give slower or inconclusive");
            }
        }
        Experiments.all(); // registers every experiment's result type before reading
        Side sa = load(a), sb = load(b);
        String la = sa.label(), lb = sb.label().equals(la) ? sb.label() + " (B)" : sb.label();
        String experiment = sa.run().experiment();
        if (!experiment.equals(sb.run().experiment())) {
            // e.g. a study's cell against the same workload written as a workload file: cells meet where their keys are equal
            System.out.println("note: " + a + " is a run of " + experiment + ", " + b + " of " + sb.run().experiment() + ": their cells are compared where"
                    + " they are the same cell (scenario, transport, clients, load, scale and dimensions)");
        }
        Verdicts.Settings settings = minEffect == null ? Verdicts.Settings.DEFAULT
                : new Verdicts.Settings(Verdicts.Settings.DEFAULT.alpha(), minEffect / 100, Verdicts.Settings.DEFAULT.minRuns());
        List<String> excluded = new ArrayList<>(sa.excluded());
        excluded.addAll(sb.excluded());
        VariantComparison vc = sameDuet(sa, sb) ? Comparisons.comparePaired(la, sa.cells(), lb, sb.cells(), excluded, settings)
                : Comparisons.compare(la, sa.cells(), lb, sb.cells(), excluded, settings);
        if (vc.figures().isEmpty()) {
            throw new UserError("the two folders have no cell in common (different " + (experiment.equals(sb.run().experiment()) ? "" : "experiments, ")
                    + "scenarios, transports, clients, scales or dimensions?)");
        }
        List<Cell> cells = new ArrayList<>();
        for (Cell c : sa.cells()) cells.add(c.withVariant(la, c.repeat(), c.axes()));
        for (Cell c : sb.cells()) cells.add(c.withVariant(lb, c.repeat(), c.axes()));
        Path dir = out != null ? Files.createDirectories(out).toAbsolutePath() : Launch.newRunDir(Path.of("results"), "compare");
        RunResult result = result(dir, experiment, sa, sb, la, lb, cells, vc);
        Experiment<?> e = Experiments.all().get(experiment);
        Path report = ResultsFolder.write(result, dir, e == null ? List.of() : e.sections());
        ConsoleSummary.comparisons(result, System.out);
        System.out.println();
        System.out.println("Results: " + dir);
        System.out.println("Report:  " + report.toAbsolutePath());
        if (markdown != null) writeMarkdown(vc, rule, report);
        return rule == null ? 0 : gate(vc, rule);
    }

    /** Both sides are variants of one duet run: each round's cells were measured at the same time, so they are compared pair by pair. */
    private static boolean sameDuet(Side sa, Side sb) {
        return sa.folder().equals(sb.folder()) && String.valueOf(sa.run().configuration().get(Trials.PAIRING)).startsWith(Trials.Pairing.DUET.text);
    }

    /** The comparison appended to the --markdown file (a CI job's summary). */
    private void writeMarkdown(VariantComparison vc, Gate.Rule rule, Path report) {
        try {
            Files.writeString(markdown, MarkdownExporter.comparison(vc, rule, report.toAbsolutePath().toString()),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException io) {
            throw new UserError("cannot write " + markdown + " (option --markdown): " + io.getMessage());
        }
        System.out.println("Markdown: " + markdown.toAbsolutePath());
    }

    /** The --fail-on gate: 0 when it passes, {@link Gate#EXIT_FAILED} naming each failing figure when it does not. */
    private int gate(VariantComparison vc, Gate.Rule rule) {
        long undecided = vc.count(Verdicts.Outcome.NO_VERDICT) + vc.count(Verdicts.Outcome.INCONCLUSIVE);
        if (rule == Gate.Rule.SLOWER && undecided > 0) {
            System.out.println("note: " + undecided + " figure(s) inconclusive or without a verdict: this gate cannot see a regression there"
                    + " (more runs a side, or --fail-on inconclusive to fail on them)");
        }
        List<FigureComparison> failing = Gate.failing(vc, rule);
        if (failing.isEmpty()) {
            System.out.println("Gate passed (--fail-on " + failOn + ": " + rule.describe() + ")");
            return 0;
        }
        System.out.println("GATE FAILED (--fail-on " + failOn + ": " + rule.describe() + "): " + failing.size() + " figure(s)");
        for (FigureComparison f : failing) System.out.println("  " + f.cell() + " · " + f.figure() + ": " + f.outcome().text + " — " + f.reason());
        return Gate.EXIT_FAILED;
    }

    /** The comparison as a run of its own: both sides' cells under their labels, and the one comparison. */
    private RunResult result(Path dir, String experiment, Side sa, Side sb, String la, String lb, List<Cell> cells, VariantComparison vc) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("baseline", a);
        config.put("variant", b);
        int repeats = Math.max(sa.cells().stream().mapToInt(Cell::repeat).max().orElse(1), sb.cells().stream().mapToInt(Cell::repeat).max().orElse(1));
        return new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, dir.getFileName().toString(), experiment,
                "comparison of two results folders", OffsetDateTime.now().toString(), OffsetDateTime.now().toString()),
                new RunResult.Setup(config, EnvironmentInfo.collect(Home.get()), sa.run().engine() + " | " + sb.run().engine(), "",
                        List.of(new RunResult.VariantSettings(la, Map.of()), new RunResult.VariantSettings(lb, Map.of())), repeats),
                List.of(), cells, List.of(), new RunResult.Findings(List.of(), List.of(), List.of(), List.of(vc), List.of(), List.of()));
    }

    static Side load(String spec) {
        Path folder = Path.of(spec);
        String variant = null;
        if (!Files.isDirectory(folder) && spec.lastIndexOf(':') > 0) {
            folder = Path.of(spec.substring(0, spec.lastIndexOf(':')));
            variant = spec.substring(spec.lastIndexOf(':') + 1);
        }
        if (!Files.isDirectory(folder)) throw new UserError("results folder " + folder + " does not exist");
        RunResult run = JsonExporter.read(folder);
        List<String> names = run.variants().stream().map(RunResult.VariantSettings::name).toList();
        if (variant == null) {
            if (names.size() > 1) throw new UserError(folder + " holds variants " + names + "; name one as " + folder + ":VARIANT");
            variant = names.get(0);
        } else if (!names.contains(variant)) {
            throw new UserError(folder + " has no variant '" + variant + "'; it has " + names);
        }
        String v = variant;
        List<String> excluded = new ArrayList<>();
        List<Cell> cells = new ArrayList<>();
        for (Cell c : run.cells()) {
            if (!c.variant().equals(v)) continue;
            RunResult.Trial t = run.trials().stream().filter(x -> x.variant().equals(v) && x.repeat() == c.repeat()).findFirst().orElse(null);
            if (t != null && !t.passed()) continue;
            cells.add(c);
        }
        for (RunResult.Trial t : run.trials()) {
            if (t.variant().equals(v) && !t.passed()) excluded.add(folder.getFileName() + " trial " + t.dir() + " failed: " + String.join("; ", t.failures()));
        }
        if (cells.isEmpty()) throw new UserError(folder + " has no cell of variant '" + v + "' from a passed run");
        return new Side(folder.toAbsolutePath().normalize(), names.size() > 1 ? folder.getFileName() + ":" + v : folder.getFileName().toString(), run, cells, excluded);
    }
}
