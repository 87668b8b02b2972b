package io.graphperf.core.stats;

import java.util.List;
import java.util.Locale;

/**
 * A regression gate over a comparison, for CI: which figures fail it. {@link Rule#SLOWER} fails on a figure judged slower/worse
 * (significant after Holm's correction, its interval reaching past the minimum effect); {@link Rule#INCONCLUSIVE}, the strict gate, also fails on
 * every figure these runs could not decide (inconclusive, or no verdict at all) — only faster, better and equivalent pass.
 */
public final class Gate {

    /** The exit code of a command whose gate failed (1 is a failed run, 2 bad usage). */
    public static final int EXIT_FAILED = 3;

    public enum Rule {
        SLOWER, INCONCLUSIVE;

        public static Rule parse(String given) {
            return switch (given.trim().toLowerCase(Locale.ROOT)) {
                case "slower", "worse" -> SLOWER;
                case "inconclusive", "undecided" -> INCONCLUSIVE;
                default -> throw new IllegalArgumentException(given);
            };
        }

        public String describe() {
            return this == SLOWER ? "fails on a figure slower/worse (significant after correction, its interval reaching past the minimum effect)"
                    : "fails on a figure slower/worse, inconclusive or without a verdict";
        }
    }

    private Gate() {
    }

    /** The figures that fail the rule, in the comparison's order. */
    public static List<FigureComparison> failing(VariantComparison vc, Rule rule) {
        return vc.figures().stream().filter(f -> f.outcome() == Verdicts.Outcome.WORSE || rule == Rule.INCONCLUSIVE
                && (f.outcome() == Verdicts.Outcome.INCONCLUSIVE || f.outcome() == Verdicts.Outcome.NO_VERDICT)).toList();
    }
}
