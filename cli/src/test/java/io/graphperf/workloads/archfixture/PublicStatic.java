package io.graphperf.workloads.archfixture;

import java.util.Map;

/** Breaks "no public mutable static" (ArchitectureTest's fixture). */
public class PublicStatic {
    public static Map<String, String> engines = Map.of();
}
