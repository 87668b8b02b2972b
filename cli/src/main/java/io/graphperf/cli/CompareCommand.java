package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.export.JsonExporter;
import io.graphperf.core.export.SeriesExporter;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.SeriesResult;
import io.graphperf.core.stats.Comparison;
import io.graphperf.core.stats.SeriesStatistics;
import io.graphperf.core.system.EnvironmentInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares two results folders made earlier, figure by figure: medians, spread, the 95 % confidence interval of the",
                "difference and a verdict (Welch's t-test). A folder is one run (run.json) or a series (series.json: all runs of",
                "one variant; name it as FOLDER:VARIANT when the series has several). Verdicts need at least 2 runs on each side."},
        footer = {"", "Examples:", "  graphperf compare results/20261122-101500-import results/20261122-113000-import",
                "  graphperf compare results/20261122-101500-import:baseline results/20261122-101500-import:small-cache"})
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The baseline: a results folder, or SERIES_FOLDER:VARIANT.")
    String a;
    @Parameters(index = "1", paramLabel = "RUN_B", description = "The variant to judge against it.")
    String b;
    @Option(names = "--out", description = "Folder for the comparison (default: results/TIMESTAMP-compare).")
    Path out;

    private record Side(String label, List<RunResult> runs, List<Path> dirs) {
    }

    @Override
    public Integer call() throws Exception {
        Side sa = load(a), sb = load(b);
        String la = sa.label(), lb = sb.label().equals(sa.label()) ? sb.label() + " (B)" : sb.label();
        String experiment = sa.runs().get(0).experiment();
        if (!experiment.equals(sb.runs().get(0).experiment())) {
            throw new UserError("cannot compare experiment " + experiment + " (" + a + ") with " + sb.runs().get(0).experiment() + " (" + b + ")");
        }
        SeriesResult.VariantComparison vc = SeriesStatistics.compare(la, sa.runs(), lb, sb.runs());
        if (vc.figures().isEmpty()) throw new UserError("the two folders have no figure in common (different scenarios, transports or scales?)");
        List<SeriesResult.FigureSummary> summaries = new ArrayList<>(SeriesStatistics.summaries(la, sa.runs()));
        summaries.addAll(SeriesStatistics.summaries(lb, sb.runs()));
        List<SeriesResult.Trial> trials = new ArrayList<>();
        int order = 0;
        for (Side s : List.of(sa, sb)) {
            String label = s == sa ? la : lb;
            for (int i = 0; i < s.runs().size(); i++) {
                RunResult r = s.runs().get(i);
                trials.add(new SeriesResult.Trial(++order, label, i + 1, s.dirs().get(i).toAbsolutePath().toString(), r.finishedAt(), r.passed()));
            }
        }
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("baseline", a);
        config.put("variant", b);
        Path dir = out != null ? Files.createDirectories(out) : RunCommand.newRunDir(Path.of("results"), "compare");
        SeriesResult result = new SeriesResult(dir.getFileName().toString(), experiment, OffsetDateTime.now().toString(), OffsetDateTime.now().toString(),
                List.of(new SeriesResult.Variant(la, Map.of()), new SeriesResult.Variant(lb, Map.of())), 0, trials, summaries, List.of(vc),
                Comparison.TEST, config, EnvironmentInfo.collect(Home.get()), List.of());
        Path report = SeriesExporter.write(result, dir);
        SummaryTable.print(result, System.out);
        System.out.println();
        System.out.println("Results: " + dir.toAbsolutePath());
        System.out.println("Report:  " + report.toAbsolutePath());
        return 0;
    }

    static Side load(String spec) {
        Path folder = Path.of(spec);
        String variant = null;
        if (!Files.isDirectory(folder) && spec.lastIndexOf(':') > 0) {
            folder = Path.of(spec.substring(0, spec.lastIndexOf(':')));
            variant = spec.substring(spec.lastIndexOf(':') + 1);
        }
        if (!Files.isDirectory(folder)) throw new UserError("results folder " + folder + " does not exist");
        try {
            if (Files.isRegularFile(folder.resolve(SeriesResult.FILE))) {
                SeriesResult s = SeriesExporter.read(folder);
                List<String> names = s.variants().stream().map(SeriesResult.Variant::name).toList();
                if (variant == null) {
                    if (names.size() > 1) throw new UserError(folder + " is a series of variants " + names + "; name one as " + folder + ":VARIANT");
                    variant = names.get(0);
                } else if (!names.contains(variant)) {
                    throw new UserError("series " + folder + " has no variant '" + variant + "'; it has " + names);
                }
                List<RunResult> runs = new ArrayList<>();
                List<Path> dirs = new ArrayList<>();
                for (SeriesResult.Trial t : s.trials()) {
                    if (!t.variant().equals(variant)) continue;
                    Path d = folder.resolve(t.dir());
                    runs.add(JsonExporter.read(d));
                    dirs.add(d);
                }
                if (runs.isEmpty()) throw new UserError("series " + folder + " has no finished run of variant '" + variant + "'");
                return new Side(folder.getFileName() + ":" + variant, runs, dirs);
            }
            if (variant != null) throw new UserError(folder + " is a single run, not a series: drop ':" + variant + "'");
            return new Side(folder.getFileName().toString(), List.of(JsonExporter.read(folder)), List.of(folder));
        } catch (IOException e) {
            throw new UserError("cannot read results in " + folder + ": " + e.getMessage());
        }
    }
}
