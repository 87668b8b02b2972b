package io.graphperf.core.results;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * An experiment's own typed results beyond its cells (e.g. an import's phase details per
 * dataset scale), written to run.json under its experiment's name. Each experiment registers its type with
 * {@link io.graphperf.core.report.JsonExporter#register}; the measuring core knows none of them.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
public interface ExperimentData {
}
