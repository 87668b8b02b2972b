package io.graphperf.core.results;

import java.util.List;
import java.util.Map;

/**
 * Everything about one run, as written to run.json: configuration, environment, target and the
 * scenario results. Reports are made from this alone, so a run can be re-reported later.
 */
public record RunResult(String runId, String experiment, String startedAt, String finishedAt,
                        Map<String, Object> configuration, Map<String, Object> environment,
                        String target, String resetMethod, List<ScenarioResult> scenarios,
                        List<String> failures) {

    public boolean passed() {
        return failures.isEmpty();
    }
}
