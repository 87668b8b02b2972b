package io.graphperf.workloads.archfixture;

/** Breaks "only the CLI writes to the console" (ArchitectureTest's fixture). */
public class Prints {
    public void say() {
        System.out.println("hello");
    }
}
