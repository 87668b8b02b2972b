package io.graphperf.core.stats;

/**
 * One figure of one cell, variant against baseline.
 *
 * @param cell           the cell's label
 * @param difference     mean(variant) − mean(baseline), in the figure's unit
 * @param differencePct  the same in percent of the baseline's mean
 * @param ci95           95 % confidence interval of the difference of means (Welch), in the figure's unit
 * @param pValue         Welch's two-sided p, NaN when not tested
 * @param pHolm          the same after Holm's correction over the comparison's figures
 * @param reason         the outcome in words (with the CI, or why there is no verdict)
 * @param repeatsNeeded  inconclusive: runs a side that would likely decide it
 * @param detectablePct  the minimum detectable effect of these runs, in percent of the baseline's mean: the smallest true
 *                       difference they would have found significant after correction with 80 % power (NaN below 2 runs a side)
 * @param betweenShare   where the noise is: the share (0–1) of the variance of the runs' values that lies between engine processes
 *                       (trials) rather than within one (between the windows of a trial's measurement); NaN when the figure has no
 *                       windows (one value per trial) or no variation
 * @param adjustment     whether the runs were adjusted for a covariate of the machine (and by how much that narrowed the interval), or
 *                       why not; null when no covariates were probed
 */
public record FigureComparison(String cell, String figure, String unit, boolean higherIsBetter, Summary baseline, Summary variant,
                               double difference, double differencePct, double[] ci95, double pValue, double pHolm,
                               Verdicts.Outcome outcome, String reason, int repeatsNeeded, double detectablePct,
                               double betweenShare, String adjustment) {

    public FigureComparison(String cell, String figure, String unit, boolean higherIsBetter, Summary baseline, Summary variant,
                            double difference, double differencePct, double[] ci95, double pValue, double pHolm,
                            Verdicts.Outcome outcome, String reason, int repeatsNeeded, double detectablePct, double betweenShare) {
        this(cell, figure, unit, higherIsBetter, baseline, variant, difference, differencePct, ci95, pValue, pHolm, outcome, reason, repeatsNeeded,
                detectablePct, betweenShare, null);
    }

    /** The same comparison with its covariate adjustment said. */
    public FigureComparison withAdjustment(String a) {
        return new FigureComparison(cell, figure, unit, higherIsBetter, baseline, variant, difference, differencePct, ci95, pValue, pHolm, outcome,
                reason, repeatsNeeded, detectablePct, betweenShare, a);
    }

    /** The same comparison with another outcome and its reason (the figures and statistics as they were). */
    public FigureComparison withOutcome(Verdicts.Outcome o, String why) {
        return new FigureComparison(cell, figure, unit, higherIsBetter, baseline, variant, difference, differencePct, ci95, pValue, pHolm, o,
                why, repeatsNeeded, detectablePct, betweenShare, adjustment);
    }

    /** For tables: about how many runs a side would decide an inconclusive figure, or, when more runs would not, that its reason says why. */
    public String inconclusiveNote() {
        if (outcome != Verdicts.Outcome.INCONCLUSIVE) return "";
        return repeatsNeeded <= 0 ? " (its reason says why)" : " (~" + (repeatsNeeded >= 1000 ? "1000+" : repeatsNeeded) + " runs a side)";
    }

    public double ci95LowPct() {
        return baseline.mean() == 0 ? Double.NaN : 100 * ci95[0] / Math.abs(baseline.mean());
    }

    public double ci95HighPct() {
        return baseline.mean() == 0 ? Double.NaN : 100 * ci95[1] / Math.abs(baseline.mean());
    }
}
