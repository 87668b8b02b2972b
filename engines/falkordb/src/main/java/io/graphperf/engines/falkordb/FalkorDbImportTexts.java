package io.graphperf.engines.falkordb;

import io.graphperf.studies.imports.ImportStep;
import io.graphperf.studies.imports.ImportTexts;

import java.util.Optional;

/**
 * E1's statements in FalkorDB's Cypher. The schema phase builds the same indexes (FalkorDB's range index has no name and no IF NOT
 * EXISTS), and where the study has a uniqueness constraint, FalkorDB's own on top of that index ({@code GRAPH.CONSTRAINT CREATE},
 * a command of its own that it checks in the background: the step ends when the constraint is operational). The warm-up is
 * graphperf's query warm-up, which FalkorDB's Cypher runs as it is, and so are the study's probes; a probe is planned first with
 * {@code GRAPH.EXPLAIN}.
 */
final class FalkorDbImportTexts implements ImportTexts {

    @Override
    public Optional<String> notExpressible(ImportStep step) {
        return switch (step) {
            case SCHEMA, QUERY_WARMUP -> Optional.empty();
            case APOC_WARMUP -> Optional.of("APOC is Neo4j's library; FalkorDB has no warm-up procedure (it holds the whole graph in memory,"
                    + " read back from its files at start)");
        };
    }

    @Override
    public String index(String label, String property, boolean unique) {
        String index = "CREATE INDEX FOR (n:" + ImportTexts.quote(label) + ") ON (n." + ImportTexts.quote(property) + ")";
        // {graph} is the graph's key, which the engine's host fills in
        return unique ? index + " ;; GRAPH.CONSTRAINT CREATE {graph} UNIQUE NODE " + label + " PROPERTIES 1 " + property : index;
    }

    @Override
    public Optional<String> explain(String query) {
        return Optional.of("GRAPH.EXPLAIN {graph} " + query);
    }
}
