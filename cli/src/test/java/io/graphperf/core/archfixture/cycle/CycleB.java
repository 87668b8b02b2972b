package io.graphperf.core.archfixture.cycle;

import io.graphperf.core.archfixture.CycleA;

/** With {@link CycleA}: two packages that use each other (ArchitectureTest's fixture). */
public class CycleB {
    public CycleA a;
}
