package io.graphperf.core.results;

/**
 * One line that answers a study's question, e.g. "UNWIND 1000 vs one write per transaction, Bolt: 212×
 * (95 % CI 190–240)": a ratio of two cells' rates (or one cell's rate) with its confidence interval from
 * the cells' repeated windows (batch means).
 *
 * @param question  what is compared, in words
 * @param kind      "ratio" or "rate"
 * @param steady    every cell behind it was steady (else the line says so)
 */
public record Headline(String question, String kind, double value, double low, double high, String unit, boolean steady, String detail) {
}
