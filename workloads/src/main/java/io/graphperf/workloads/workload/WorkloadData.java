package io.graphperf.workloads.workload;

import io.graphperf.core.results.Check;
import io.graphperf.core.results.ExperimentData;

import java.util.List;
import java.util.Map;

/**
 * A workload trial's own results beyond its cells.
 *
 * @param workload       the workload's name and file
 * @param data           where its data came from and how it was loaded (counts, time)
 * @param engine         the engine measured, as it describes itself
 * @param dialect        its query language, naming the texts it ran
 * @param texts          each operation's statements as this engine ran them
 * @param notExpressible operations its dialect cannot express, with the reason
 * @param answers        per transport, the answer check against the reference (the first engine over its first transport)
 * @param differences    the wrong answers, each with its operation, parameters and both answers
 * @param reference      whether this trial gave the reference answers
 * @param sampled        each parameter query's rows taken (name → rows)
 * @param serverWarmup   the server warm-up's outcome
 */
public record WorkloadData(String workload, String data, String engine, String dialect, Map<String, List<String>> texts,
                           Map<String, String> notExpressible, Map<String, Check> answers, List<String> differences, boolean reference,
                           Map<String, Integer> sampled, String serverWarmup) implements ExperimentData {
}
