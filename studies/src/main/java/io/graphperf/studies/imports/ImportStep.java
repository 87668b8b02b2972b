package io.graphperf.studies.imports;

/** E1's steps after the load that a dialect may be unable to do; a dialect answers each ({@link ImportTexts#notExpressible}). */
public enum ImportStep {
    /** The study's indexes and uniqueness constraints, built on the loaded store. */
    SCHEMA,
    /** APOC core's page-level warm-up (apoc.warmup.run). */
    APOC_WARMUP,
    /** graphperf's query warm-up: every record read with its properties, every index scanned, in Cypher (properties(), keys()). */
    QUERY_WARMUP
}
