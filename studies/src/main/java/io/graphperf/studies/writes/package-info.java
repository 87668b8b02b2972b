/**
 * E4's statements as the study defines them ({@link io.graphperf.studies.writes.WriteStatement}: the five Cypher writes its scenarios
 * send), a scenario as a dialect sees it ({@link io.graphperf.studies.writes.WriteScenario}) and what an engine's dialect answers for
 * it ({@link io.graphperf.studies.writes.WriteTexts}), with the safety study's shared counter.
 * <p>
 * May use: the studies' root package, core/measure's {@code IdWrites} (the shapes of id writes) and the JDK.
 */
package io.graphperf.studies.writes;
