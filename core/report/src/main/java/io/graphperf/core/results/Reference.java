package io.graphperf.core.results;

/**
 * A published figure to show beside a measured one.
 *
 * @param figure what the study reported, as text (e.g. "~600 nodes/s")
 * @param value  the number, in {@code unit}
 * @param unit   {@code ops/s} or {@code entities/s}: which measured rate it compares with
 * @param source where it comes from
 */
public record Reference(String figure, double value, String unit, String source) {
    public static final String OPS = "ops/s";
    public static final String ENTITIES = "entities/s";
}
