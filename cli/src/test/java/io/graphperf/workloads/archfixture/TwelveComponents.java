package io.graphperf.workloads.archfixture;

/** Breaks no rule: a record of 12 components, the most ArchitectureTest allows. */
public record TwelveComponents(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k, int l) {
}
