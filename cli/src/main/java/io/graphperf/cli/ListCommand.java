package io.graphperf.cli;

import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.writes.WritesExperiment;
import picocli.CommandLine.Command;

@Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the experiments and the writes scenarios.")
public final class ListCommand implements Runnable {
    @Override
    public void run() {
        for (Experiment<?> e : Experiments.all().values()) {
            System.out.printf("%s  (%s)%n  %s%n  options: graphperf run %s --help%n", e.name(), e.title(), e.description(), e.name());
            if (e instanceof WritesExperiment) {
                for (Scenario s : WritesExperiment.scenarios()) {
                    System.out.printf("    %-26s %s%s%n", s.id(), s.title(), s.reference() == null ? "" : " [reference: " + s.reference().figure() + "]");
                }
            }
        }
    }
}
