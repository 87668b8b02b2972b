package io.graphperf.workloads.archfixture;

/** Breaks "an engine is one adapter": a workload naming an OrientDB class (ArchitectureTest's fixture). */
public class NamesOrient {
    public Object engine() {
        return io.graphperf.engines.orientdb.OrientEngines.class;
    }
}
