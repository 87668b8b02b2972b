package io.graphperf.core.archfixture;

import io.graphperf.core.archfixture.cycle.CycleB;

/** With {@link CycleB}: two packages that use each other (ArchitectureTest's fixture). */
public class CycleA {
    public CycleB b;
}
