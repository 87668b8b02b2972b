package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.report.ResultsFolder;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes results.csv and report.html of a results folder again from its run.json (of this graphperf's results schema).")
public final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "A results folder made by graphperf run or compare.")
    Path dir;

    @Override
    public Integer call() throws Exception {
        Experiments.all(); // registers every experiment's result type before reading
        RunResult run = JsonExporter.read(dir);
        Experiment<?> e = Experiments.all().get(run.experiment());
        Path report = ResultsFolder.write(run, dir, e == null ? List.of() : e.sections());
        if (e != null) Launch.print(e, run, System.out);
        System.out.println("Report: " + report.toAbsolutePath());
        return 0;
    }
}
