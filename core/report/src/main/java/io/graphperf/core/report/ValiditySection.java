package io.graphperf.core.report;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.util.ArrayList;
import java.util.List;

/** How many cells are flagged and why, and every warning about the machine, at the top of the report. */
final class ValiditySection {
    private ValiditySection() {
    }

    static void render(Html h, RunResult run) {
        List<String> items = new ArrayList<>();
        List<Cell> measured = run.cells().stream().filter(c -> c.measurement() != null).toList();
        long flagged = measured.stream().filter(c -> c.validity().flagged()).count();
        if (!measured.isEmpty()) {
            items.add(flagged + " of " + measured.size() + " cells flagged (not steady, too few operations or overloaded)"
                    + (flagged == 0 ? "" : ": their figures are shown, marked, and are not verdicts"));
        }
        for (Cell c : measured) {
            for (String f : c.validity().flags()) items.add(where(c) + ": " + f);
        }
        for (Cell c : measured) {
            for (String w : c.validity().warnings()) items.add(where(c) + ": " + w);
        }
        items.addAll(run.warnings());
        if (items.isEmpty()) return;
        h.open("div", "class", "warnings", "id", "validity").h2("Validity").open("ul");
        for (String i : items) h.el("li", i);
        h.close("ul").close("div");
    }

    private static String where(Cell c) {
        return c.label() + (Cell.BASELINE.equals(c.variant()) && c.repeat() == 1 ? "" : " [" + c.variant() + " #" + c.repeat() + "]");
    }
}
