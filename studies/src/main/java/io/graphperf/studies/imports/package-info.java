/**
 * E1's steps after the load as the study defines them ({@link io.graphperf.studies.imports.ImportStep}: the schema, and the two
 * warm-ups) and what an engine's dialect answers ({@link io.graphperf.studies.imports.ImportTexts}: whether it can do each, its
 * index statements, probes and key sampling).
 * <p>
 * May use: the studies' root package and the JDK.
 */
package io.graphperf.studies.imports;
