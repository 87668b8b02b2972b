package io.graphperf.core.results;

import java.util.List;
import java.util.Map;

/**
 * Everything about one run, as written to run.json: configuration, environment, target and the
 * scenario results (E2–E5) or import studies (E1, one per dataset scale). Reports are made from this
 * alone, so a run can be re-reported later.
 */
public record RunResult(String runId, String experiment, String startedAt, String finishedAt,
                        Map<String, Object> configuration, Map<String, Object> environment,
                        String target, String resetMethod, List<ScenarioResult> scenarios,
                        List<ImportStudyResult> imports, List<String> failures) {

    public RunResult {
        scenarios = scenarios == null ? List.of() : scenarios;
        imports = imports == null ? List.of() : imports;
        failures = failures == null ? List.of() : failures;
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
