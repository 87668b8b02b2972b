package io.graphperf.core.report;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.Validity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How many cells are flagged and why, at the top of the report: the flags grouped by kind, each with its count and what to run to
 * clear it, the per-cell list one click away (a details element per kind); then every warning about the machine.
 */
final class ValiditySection {
    private ValiditySection() {
    }

    static void render(Html h, RunResult run) {
        List<Cell> measured = run.cells().stream().filter(c -> c.measurement() != null).toList();
        List<String> warnings = new ArrayList<>();
        for (Cell c : measured) {
            for (String w : c.validity().warnings()) warnings.add(where(c) + ": " + w);
        }
        warnings.addAll(run.warnings());
        long flagged = measured.stream().filter(c -> c.validity().flagged()).count();
        if (measured.isEmpty() && warnings.isEmpty()) return;
        h.open("div", "class", "warnings", "id", "validity").h2("Validity");
        if (!measured.isEmpty()) {
            h.el("p", summary(flagged, measured.size()) + (flagged == 0 ? "" : ": their figures are shown, marked, and are not verdicts"));
        }
        Map<Validity.Kind, Long> kinds = Validity.countByKind(measured.stream().map(Cell::validity).toList());
        for (Map.Entry<Validity.Kind, Long> k : kinds.entrySet()) {
            h.open("details", "class", "flag-kind").el("summary", kindLine(k.getKey(), k.getValue())).open("ul");
            for (Cell c : measured) {
                for (String f : c.validity().flags()) if (Validity.Kind.of(f).equals(Optional.of(k.getKey()))) h.el("li", where(c) + ": " + f);
            }
            h.close("ul").close("details");
        }
        if (!warnings.isEmpty()) {
            h.open("ul");
            for (String w : warnings) h.el("li", w);
            h.close("ul");
        }
        h.close("div");
    }

    /** "3 of 12 cells flagged (drifting, too short to tell, too few operations, overloaded or ramped)". */
    static String summary(long flagged, int measured) {
        return flagged + " of " + measured + " cells flagged (drifting, too short to tell, too few operations, overloaded or ramped)";
    }

    /** "too short to tell: 5 cells — measure longer windows (…)". */
    static String kindLine(Validity.Kind k, long cells) {
        return k.text + ": " + cells + (cells == 1 ? " cell" : " cells") + " — " + k.remedy;
    }

    private static String where(Cell c) {
        return c.label() + (Cell.BASELINE.equals(c.variant()) && c.repeat() == 1 ? "" : " [" + c.variant() + " #" + c.repeat() + "]");
    }
}
