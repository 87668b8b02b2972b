package io.graphperf.workloads.imports;

import java.util.List;
import java.util.Map;

/**
 * E1's statements in FalkorDB's Cypher. The schema phase builds the same indexes (FalkorDB's range index has no name and no IF NOT
 * EXISTS), and where Neo4j has a uniqueness constraint, FalkorDB's own on top of that index ({@code GRAPH.CONSTRAINT CREATE},
 * a command of its own that it checks in the background: the step ends when the constraint is operational). The warm-up is
 * graphperf's query warm-up, which FalkorDB's Cypher runs as it is; APOC's is Neo4j's. A probe is planned first with
 * {@code GRAPH.EXPLAIN}.
 */
final class FalkorDbImportDialect implements ImportDialect {

    @Override
    public List<SchemaPhase.Step> schema(ImportDataset ds) {
        return ds.schemaSteps().stream().map(s -> {
            String index = "CREATE INDEX FOR (n:" + Probes.quote(s.label()) + ") ON (n." + Probes.quote(s.property()) + ")";
            boolean unique = s.statement().contains("IS UNIQUE");
            // {graph} is the graph's key, which the engine's host fills in
            String statement = unique ? index + " ;; GRAPH.CONSTRAINT CREATE {graph} UNIQUE NODE " + s.label() + " PROPERTIES 1 " + s.property() : index;
            return new SchemaPhase.Step(s.index(), statement, s.label(), s.property());
        }).toList();
    }

    @Override
    public List<WarmupMethods.Method> warmups(ImportDataset ds) {
        return List.of(WarmupMethods.graphperf(ds.labelKeys(), ds.indexes()));
    }

    @Override
    public List<Probes.Probe> probes(String label, String key) {
        return Probes.of(label, key);
    }

    @Override
    public String sampleKeys(String label, String key, long labelCount, int samples) {
        return Probes.sampleKeys(label, key, labelCount, samples);
    }

    @Override
    public String explain(String query) {
        return "GRAPH.EXPLAIN {graph} " + query;
    }

    @Override
    public Map<String, String> notExpressible() {
        return Map.of("warm-up " + WarmupMethods.APOC, "APOC is Neo4j's library; FalkorDB has no warm-up procedure (it holds the whole graph in memory,"
                + " read back from its files at start)");
    }
}
