package io.graphperf.engines.kuzu;

import io.graphperf.studies.imports.ImportStep;
import io.graphperf.studies.imports.ImportTexts;

import java.util.List;
import java.util.Optional;

/**
 * E1's statements in Kuzu's Cypher: each node table's primary key (the dataset's label key) is indexed while COPY loads it, so that
 * build is part of the import's time; it has no other property index and no warm-up procedure, and graphperf's query warm-up reads
 * properties() and keys(), which its Cypher lacks. The probes read the same entities, returned whole; keys are sampled by the offset
 * of a node's id.
 */
final class KuzuImportTexts implements ImportTexts {

    private static final String NO_WARMUP = "Kuzu has no warm-up procedure (APOC's is Neo4j's), and graphperf's query warm-up reads properties()"
            + " and keys(), which Kuzu's Cypher lacks: its probes run cold only";

    @Override
    public Optional<String> notExpressible(ImportStep step) {
        return Optional.of(switch (step) {
            case SCHEMA -> "Kuzu indexes each node table's primary key (the label's key) while COPY loads it, inside the import's time,"
                    + " and has no other property index";
            case APOC_WARMUP, QUERY_WARMUP -> NO_WARMUP;
        });
    }

    @Override
    public Optional<List<Probe>> probes(String label, String key) {
        String l = ImportTexts.quote(label), k = ImportTexts.quote(key);
        return Optional.of(List.of(
                new Probe("lookup by key", "MATCH (n:" + l + " {" + k + ": $key}) RETURN n", true),
                new Probe("neighbourhood", "MATCH (n:" + l + " {" + k + ": $key})-[r]-(m) RETURN r, m", true),
                new Probe("label scan", "MATCH (n:" + l + ") RETURN count(n." + k + ") AS c", false)));
    }

    @Override
    public Optional<String> sampleKeys(String label, String key, long every, int samples) {
        return Optional.of("MATCH (n:" + ImportTexts.quote(label) + ") WHERE offset(id(n)) % " + every + " = 0 RETURN n." + ImportTexts.quote(key)
                + " AS k LIMIT " + samples);
    }
}
