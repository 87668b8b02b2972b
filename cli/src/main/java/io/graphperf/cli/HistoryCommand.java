package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.report.HistoryReport;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.History;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.workloads.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Draws each figure of one experiment across many results folders (commit by commit, day by day) and flags change points:",
                "history.html and history.csv in --out. A folder is a run's, or one holding runs' folders (one level down)."},
        footer = {"", "Example:", "  graphperf history results/ --experiment writes --out results/history-writes"})
public final class HistoryCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Results folders, or folders holding them.")
    List<Path> dirs;
    @Option(names = "--experiment", paramLabel = "NAME", description = "The experiment to follow (default: the one of the most runs found).")
    String experiment;
    @Option(names = "--out", paramLabel = "DIR", description = "Folder for history.html and history.csv (default: results/TIMESTAMP-history).")
    Path out;
    @Option(names = "--min-effect", paramLabel = "PERCENT", description = "Smallest shift flagged as a change point, in percent of the mean before it (default: 5).")
    Double minEffect;

    @Override
    public Integer call() throws Exception {
        Experiments.all(); // registers every experiment's result type before reading
        List<Path> folders = new ArrayList<>();
        for (Path d : dirs) {
            if (!Files.isDirectory(d)) throw new UserError("results folder " + d + " does not exist");
            if (Files.isRegularFile(d.resolve(JsonExporter.FILE))) {
                folders.add(d);
                continue;
            }
            try (Stream<Path> children = Files.list(d)) {
                children.filter(c -> Files.isRegularFile(c.resolve(JsonExporter.FILE))).sorted().forEach(folders::add);
            }
        }
        List<RunResult> runs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path f : folders) {
            try {
                runs.add(JsonExporter.read(f));
                names.add(f.getFileName().toString());
            } catch (RuntimeException e) {
                System.err.println("graphperf: note: " + f + " left out: " + e.getMessage());
            }
        }
        if (runs.isEmpty()) throw new UserError("no run.json found in " + dirs + " (nor one level down)");
        String name = experiment != null ? experiment : runs.stream().map(RunResult::experiment).distinct()
                .max(Comparator.comparingLong(x -> runs.stream().filter(r -> r.experiment().equals(x)).count())).orElseThrow();
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) if (runs.get(i).experiment().equals(name) && runs.get(i).startedAt() != null) keep.add(i);
        if (keep.isEmpty()) throw new UserError("no run of experiment " + name + " in " + dirs);
        keep.sort(Comparator.comparing(i -> runs.get(i).startedAt()));
        List<RunResult> ordered = keep.stream().map(runs::get).toList();
        List<String> dirsOrdered = keep.stream().map(names::get).toList();
        Verdicts.Settings s = minEffect == null ? Verdicts.Settings.DEFAULT
                : new Verdicts.Settings(Verdicts.Settings.DEFAULT.alpha(), minEffect / 100, Verdicts.Settings.DEFAULT.minRuns());
        List<History.Run> line = History.runs(ordered, dirsOrdered);
        List<History.Series> series = History.series(ordered, s);
        Path dir = out != null ? out.toAbsolutePath() : Launch.newRunDir(Path.of("results"), "history");
        Path html = HistoryReport.write(name, line, series, dir);
        long changed = series.stream().filter(x -> x.change().isPresent()).count();
        System.out.println("graphperf history " + name + ": " + ordered.size() + " runs (" + line.get(0).startedAt() + " … "
                + line.get(line.size() - 1).startedAt() + "), " + series.size() + " figures, " + changed + " change point(s)");
        if (ordered.size() < History.MIN_POINTS) System.out.println("  fewer than " + History.MIN_POINTS + " runs: drawn, not tested for change points");
        for (History.Series x : series) if (x.change().isPresent()) System.out.println("  " + HistoryReport.describe(x, line));
        System.out.println();
        System.out.println("History: " + html);
        System.out.println("CSV:     " + dir.resolve(HistoryReport.CSV));
        return 0;
    }
}
