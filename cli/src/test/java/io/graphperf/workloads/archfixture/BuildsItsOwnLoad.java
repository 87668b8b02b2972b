package io.graphperf.workloads.archfixture;

import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.Executor;

/** Breaks "load models are built from the options only" (ArchitectureTest's fixture). */
public class BuildsItsOwnLoad {
    public Executor load() {
        return new Closed(4);
    }
}
