package io.graphperf.workloads;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.ExperimentData;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one trial of an experiment produced.
 *
 * @param engine        the engine as the report names it
 * @param resetMethod   how the store was emptied between cells ("" when it was not)
 * @param environment   the engine's versions and settings, for run.json
 * @param configuration what the trial did beyond its options (e.g. the cell order and its seed)
 * @param data          the experiment's own results, or null
 * @param warnings      conditions that make figures suspect
 * @param failures      what made the trial fail (wrong results, count mismatches, errors)
 */
public record TrialResult(List<Cell> cells, String engine, String resetMethod, Map<String, Object> environment,
                          Map<String, Object> configuration, ExperimentData data, List<String> warnings, List<String> failures) {
    public TrialResult {
        cells = List.copyOf(cells);
        environment = environment == null ? Map.of() : environment;
        configuration = configuration == null ? Map.of() : configuration;
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        failures = failures == null ? List.of() : List.copyOf(failures);
    }

    /** The same result with one more cell. */
    public TrialResult withCell(Cell c) {
        List<Cell> all = new ArrayList<>(cells);
        all.add(c);
        return new TrialResult(all, engine, resetMethod, environment, configuration, data, warnings, failures);
    }
}
