package io.graphperf.workloads.reads;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.results.ExperimentData;

import java.util.Map;

/**
 * E2's own results beyond its cells.
 *
 * @param checksPassed  result checks whose rows equalled the answers computed from the files
 * @param checksRun     result checks made
 * @param load          how the dataset was loaded (counts, time)
 * @param serverWarmups each server's warm-up before it was measured
 * @param clientWork    what every transport does with each result
 * @param engine        the engine measured, as it describes itself
 * @param dialect       its query language, naming the query texts it ran ({@link SocialDialects})
 * @param queryTexts    each query's text as this engine ran it
 * @param notExpressible queries its dialect cannot express, with the reason
 */
public record ReadsData(int checksPassed, int checksRun, String load, Map<String, String> serverWarmups, String clientWork, String engine, DialectName dialect,
                        Map<String, String> queryTexts, Map<String, String> notExpressible) implements ExperimentData {
}
