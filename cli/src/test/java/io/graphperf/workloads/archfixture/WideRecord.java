package io.graphperf.workloads.archfixture;

/** Breaks one rule: a record of 13 components, one more than ArchitectureTest allows. */
public record WideRecord(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k, int l, int m) {
}
