package io.graphperf.core.archfixture;

/** Breaks "arrows run down": core naming a workloads class (ArchitectureTest's fixture, never on the main classpath). */
public class CoreUsingWorkloads {
    public Object experiments() {
        return io.graphperf.workloads.Experiments.class;
    }
}
