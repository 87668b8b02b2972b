package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.report.ConsoleSummary;
import io.graphperf.core.report.EnvironmentInfo;
import io.graphperf.core.report.ResultsFolder;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.agents.AgentsMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merges the load agents' files of a run split over several agents (graphperf run writes|reads --agents N) into one results folder:",
                "each cell's interval histograms added bucket by bucket (never percentiles averaged), steadiness and validity judged again on the merged",
                "data, results.csv with an agents column, run.json and report.html with a table per agent. A missing or failed agent makes its cells",
                "invalid, named, and the exit code 1."},
        footer = {"", "Examples:", "  graphperf merge results/20261126-150000-writes/trials/01-baseline-1/agents",
                "  graphperf merge /mnt/shared/run-1 --out results/run-1-merged",
                "  graphperf merge agent-0/ agent-1/ agent-2/ agent-3/     (each agent's copy of the shared folder)"})
public final class MergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "The agents' shared folder, or several folders each holding part of it.")
    List<Path> dirs;
    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the merged results (default: results/TIMESTAMP-merge).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Experiments.all();
        Path dir = out != null ? Files.createDirectories(out).toAbsolutePath() : Launch.newRunDir(Path.of("results"), "merge");
        AgentsMerge.Merged m = AgentsMerge.folder(dirs.stream().map(Path::toAbsolutePath).toList(), dir.resolve(ResultsFolder.HISTOGRAMS));
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("mergedFrom", dirs.stream().map(p -> p.toAbsolutePath().toString()).toList());
        config.put("agents", m.agents());
        Experiment<?> e = Experiments.all().get(m.experiment());
        if (e == null) throw new UserError("the agents ran experiment " + m.experiment() + ", which this graphperf does not know");
        int repeats = m.cells().stream().mapToInt(Cell::repeat).max().orElse(1);
        String now = OffsetDateTime.now().toString();
        RunResult result = new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, dir.getFileName().toString(), m.experiment(),
                e.title() + " (merged from " + m.agents() + " agents)", now, now),
                new RunResult.Setup(config, EnvironmentInfo.collect(Home.get()), "", "", List.of(new RunResult.VariantSettings(Cell.BASELINE,
                        Map.of())), repeats),
                List.of(), m.cells(), List.of(),
                new RunResult.Findings(e.headlines(m.cells()), e.targets(m.cells()), List.of(), List.of(), m.warnings(), m.failures()));
        Path report = ResultsFolder.write(result, dir, e.sections());
        ConsoleSummary.cells(result, System.out);
        ConsoleSummary.validity(result, System.out);
        System.out.println();
        System.out.println("Results: " + dir);
        System.out.println("Report:  " + report.toAbsolutePath());
        for (String f : m.failures()) System.err.println("graphperf merge: " + f);
        return m.failures().isEmpty() ? 0 : 1;
    }
}
