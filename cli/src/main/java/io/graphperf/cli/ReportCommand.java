package io.graphperf.cli;

import io.graphperf.core.export.JsonExporter;
import io.graphperf.core.export.ResultsFolder;
import io.graphperf.core.results.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes summary.csv and report.html of a results folder again from its run.json.")
public final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "A results folder made by graphperf run.")
    Path dir;

    @Override
    public Integer call() throws Exception {
        RunResult run;
        try {
            run = JsonExporter.read(dir);
        } catch (java.io.IOException e) {
            throw new io.graphperf.core.UserError(e.getMessage());
        }
        Path report = ResultsFolder.write(run, dir);
        SummaryTable.print(run, System.out);
        System.out.println("Report: " + report.toAbsolutePath());
        return 0;
    }
}
