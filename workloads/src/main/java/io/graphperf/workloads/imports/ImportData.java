package io.graphperf.workloads.imports;

import io.graphperf.core.results.ExperimentData;

import java.util.List;

/** E1's own results: per dataset scale the import, schema, cold start and warm-up details behind its cells. */
public record ImportData(List<ImportStudyResult> studies) implements ExperimentData {
}
