package io.graphperf.core.report;

import io.graphperf.core.results.RunResult;

/**
 * A part of report.html. The report's generic parts (summary, validity, headlines, targets, timelines,
 * comparisons) live here in core; each experiment adds its own sections from its folder.
 */
@FunctionalInterface
public interface ReportSection {

    /** Renders this section for the run, or nothing when it does not apply. */
    void render(Html h, RunResult run);
}
