package io.graphperf.core.stats;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One figure of one cell, variant against baseline. In run.json its parts' fields stand beside {@code baseline} and {@code variant}
 * (one flat object, as results-format.md lists it).
 *
 * @param betweenShare where the noise is: the share (0–1) of the variance of the runs' values that lies between engine processes
 *                     (trials) rather than within one (between the windows of a trial's measurement); NaN when the figure has no
 *                     windows (one value per trial) or no variation
 * @param adjustment   whether the runs were adjusted for a covariate of the machine (and by how much that narrowed the interval), or
 *                     why not; null when no covariates were probed
 */
public record FigureComparison(@JsonUnwrapped What what, Summary baseline, Summary variant, @JsonUnwrapped Change change,
                               @JsonUnwrapped Decision decision, double betweenShare, String adjustment) {

    /**
     * Which figure of which cell.
     *
     * @param cell the cell's label
     */
    public record What(String cell, String figure, String unit, boolean higherIsBetter) {
    }

    /**
     * The difference the runs show.
     *
     * @param difference    mean(variant) − mean(baseline), in the figure's unit
     * @param differencePct the same in percent of the baseline's mean
     * @param ci95          95 % confidence interval of the difference of means (Welch), in the figure's unit
     * @param pValue        Welch's two-sided p, NaN when not tested
     * @param pHolm         the same after Holm's correction over the comparison's figures
     */
    public record Change(double difference, double differencePct, double[] ci95, double pValue, double pHolm) {
    }

    /**
     * What the comparison concludes.
     *
     * @param reason        the outcome in words (with the CI, or why there is no verdict)
     * @param repeatsNeeded inconclusive: runs a side that would likely decide it
     * @param detectablePct the minimum detectable effect of these runs, in percent of the baseline's mean: the smallest true
     *                      difference they would have found significant after correction with 80 % power (NaN below 2 runs a side)
     */
    public record Decision(Verdicts.Outcome outcome, String reason, int repeatsNeeded, double detectablePct) {
    }

    public String cell() {
        return what.cell();
    }

    public String figure() {
        return what.figure();
    }

    public String unit() {
        return what.unit();
    }

    public boolean higherIsBetter() {
        return what.higherIsBetter();
    }

    public double difference() {
        return change.difference();
    }

    public double differencePct() {
        return change.differencePct();
    }

    public double[] ci95() {
        return change.ci95();
    }

    public double pValue() {
        return change.pValue();
    }

    public double pHolm() {
        return change.pHolm();
    }

    public Verdicts.Outcome outcome() {
        return decision.outcome();
    }

    public String reason() {
        return decision.reason();
    }

    public int repeatsNeeded() {
        return decision.repeatsNeeded();
    }

    public double detectablePct() {
        return decision.detectablePct();
    }

    /** The same comparison with its covariate adjustment said. */
    public FigureComparison withAdjustment(String a) {
        return new FigureComparison(what, baseline, variant, change, decision, betweenShare, a);
    }

    /** The same comparison with another outcome and its reason (the figures and statistics as they were). */
    public FigureComparison withOutcome(Verdicts.Outcome o, String why) {
        return new FigureComparison(what, baseline, variant, change, new Decision(o, why, decision.repeatsNeeded(), decision.detectablePct()), betweenShare,
                adjustment);
    }

    /** The same comparison with the minimum effect its runs could detect. */
    public FigureComparison withDetectablePct(double pct) {
        return new FigureComparison(what, baseline, variant, change, new Decision(decision.outcome(), decision.reason(), decision.repeatsNeeded(), pct),
                betweenShare, adjustment);
    }

    /** The same comparison decided: its difference and interval as tested, Holm's p, the outcome, why, and the runs that would decide it. */
    public FigureComparison decided(double difference, double[] ci, double pHolm, Verdicts.Outcome o, String why, int needed) {
        return new FigureComparison(what, baseline, variant, new Change(difference, change.differencePct(), ci, change.pValue(), pHolm),
                new Decision(o, why, needed, decision.detectablePct()), betweenShare, adjustment);
    }

    /** For tables: about how many runs a side would decide an inconclusive figure, or, when more runs would not, that its reason says why. */
    public String inconclusiveNote() {
        if (outcome() != Verdicts.Outcome.INCONCLUSIVE) return "";
        return repeatsNeeded() <= 0 ? " (its reason says why)" : " (~" + (repeatsNeeded() >= 1000 ? "1000+" : repeatsNeeded()) + " runs a side)";
    }

    public double ci95LowPct() {
        return baseline.mean() == 0 ? Double.NaN : 100 * ci95()[0] / Math.abs(baseline.mean());
    }

    public double ci95HighPct() {
        return baseline.mean() == 0 ? Double.NaN : 100 * ci95()[1] / Math.abs(baseline.mean());
    }
}
