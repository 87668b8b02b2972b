/**
 * E2's queries as the study defines them ({@link io.graphperf.studies.reads.SocialQuery}: q01 … q19, each with its Cypher, its
 * parameters and its repeat count) and what an engine's dialect answers for each ({@link io.graphperf.studies.reads.ReadTexts}).
 * <p>
 * May use: the studies' root package and the JDK.
 */
package io.graphperf.studies.reads;
