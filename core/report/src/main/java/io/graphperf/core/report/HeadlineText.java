package io.graphperf.core.report;

import io.graphperf.core.results.Headline;
import io.graphperf.core.results.TargetCheck;

/** A headline as one line of text, the same on the console and in the report. */
public final class HeadlineText {
    private HeadlineText() {
    }

    public static String of(Headline l) {
        String v, lo, hi;
        if ("ratio".equals(l.kind())) {
            v = TargetCheck.ratioText(l.value());
            lo = TargetCheck.ratioText(l.low());
            hi = TargetCheck.ratioText(l.high());
        } else {
            v = Format.rate(l.value()) + " " + l.unit();
            lo = Format.rate(l.low());
            hi = Format.rate(l.high());
        }
        String ci = Double.isFinite(l.low()) ? " (95 % CI " + lo + " – " + hi + ")" : "";
        return l.question() + ": " + v + ci + (l.detail() == null || l.detail().isEmpty() ? "" : " — " + l.detail())
                + (l.steady() ? "" : " [a cell behind it is flagged: not a verdict]");
    }
}
