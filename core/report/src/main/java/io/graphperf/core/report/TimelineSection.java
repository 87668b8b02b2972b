package io.graphperf.core.report;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.util.List;

/** Throughput and p99 per interval for each cell, warm-up shaded: how each figure came about. */
final class TimelineSection {
    private TimelineSection() {
    }

    static void render(Html h, RunResult run) {
        List<Cell> cells = run.cells().stream().filter(c -> c.measurement() != null && !c.measurement().throughput().timeline().isEmpty()).toList();
        if (cells.isEmpty()) return;
        h.h2("Timelines", "id", "timelines").note("Throughput (solid) and p99 latency (dashed, log axis) per sampling interval; the warm-up is"
                + " shaded orange, the drain after the window grey. Drag across a chart to zoom, double-click to reset. The first "
                + Math.min(6, cells.size()) + " are open; the others draw when opened.");
        int i = 0;
        for (Cell c : cells) {
            String title = c.label() + CellsSection.variant(c) + " — " + c.validity().label();
            h.open("details", "class", "timeline", "open", i < 6 ? "open" : null).el("summary", title);
            h.raw(Charts.timeline("timeline", title, c.measurement()));
            h.close("details");
            i++;
        }
    }
}
