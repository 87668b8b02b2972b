package io.graphperf.cli;

import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.Scenario;
import picocli.CommandLine.Command;

@Command(name = "list", mixinStandardHelpOptions = true, description = "Lists experiments and their scenarios.")
public final class ListCommand implements Runnable {
    @Override
    public void run() {
        for (Experiment e : Experiments.all().values()) {
            System.out.printf("%s  (%s)%n  %s%n", e.name(), e.title(), e.description());
            if (!e.scenarios().isEmpty()) {
                System.out.printf("  defaults: %d clients, %ds warm-up, %ds per scenario%n", e.defaultClients(), e.defaultWarmup().toSeconds(),
                        e.defaultDuration().toSeconds());
            }
            for (Scenario s : e.scenarios()) {
                System.out.printf("    %-26s %s%s%n", s.id(), s.title(), s.reference() == null ? "" : " [reference: " + s.reference().figure() + "]");
            }
        }
        System.out.println("quick  (the default suite) every scenario of writes, 1 s warm-up + 2 s each");
    }
}
