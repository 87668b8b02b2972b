package io.graphperf.workloads.imports;

import io.graphperf.core.engine.Engine;

import java.util.List;
import java.util.Map;

/**
 * E1's statements in each engine's dialect, in one place: the schema steps, the warm-up methods, the probe queries and how
 * keys are sampled. Neo4j's are the study's own; where an engine cannot do a phase, {@link #notExpressible} says why, and the
 * study and its report show that instead of a figure.
 */
public interface ImportDialect {

    List<SchemaPhase.Step> schema(ImportDataset ds);

    List<WarmupMethods.Method> warmups(ImportDataset ds);

    List<Probes.Probe> probes(String label, String key);

    /** A query for about {@code samples} keys spread over the label, the same on every run of one import. */
    String sampleKeys(String label, String key, long labelCount, int samples);

    /** The statement that plans a probe without running it. */
    default String explain(String query) {
        return "EXPLAIN " + query;
    }

    /** The statement that counts a label's nodes. */
    default String countLabel(String label) {
        return "MATCH (n:" + Probes.quote(label) + ") RETURN count(n)";
    }

    /** Phases this dialect cannot express ("schema", "warm-up"), with why. */
    Map<String, String> notExpressible();

    /**
     * The dialect of a started engine: its language's, less the warm-up by APOC core where the engine has no APOC (Neo4j 2025 here:
     * APOC core for it is not served by the registries this machine uses).
     */
    static ImportDialect of(Engine engine) throws Exception {
        ImportDialect d = of(engine.dialect());
        if (d != NEO4J || engine.queryLong("SHOW PROCEDURES YIELD name WHERE name = '" + WarmupMethods.APOC + "' RETURN count(*)") > 0) return d;
        return new Neo4j(false);
    }

    static ImportDialect of(String dialect) {
        return switch (dialect) {
            case "neo4j" -> NEO4J;
            case "kuzu" -> KUZU;
            case "arcadedb" -> ARCADEDB;
            case "orientdb" -> ORIENTDB;
            case "falkordb" -> FALKORDB;
            default -> throw new IllegalArgumentException("E1 is not written for the dialect " + dialect);
        };
    }

    ImportDialect NEO4J = new Neo4j(true);

    /** The study's own statements; APOC's warm-up where APOC core is installed, else named not expressible. */
    record Neo4j(boolean apoc) implements ImportDialect {
        @Override
        public List<SchemaPhase.Step> schema(ImportDataset ds) {
            return ds.schemaSteps();
        }

        @Override
        public List<WarmupMethods.Method> warmups(ImportDataset ds) {
            WarmupMethods.Method own = WarmupMethods.graphperf(ds.labelKeys(), ds.indexes());
            return apoc ? List.of(WarmupMethods.apoc(), own) : List.of(own);
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
        public Map<String, String> notExpressible() {
            return apoc ? Map.of() : Map.of("warm-up " + WarmupMethods.APOC, "APOC core is not installed on this engine (for Neo4j 2025: no APOC"
                    + " core built for it is served by the registries graphperf resolves from)");
        }
    }

    /**
     * Kuzu: each node table's primary key (the dataset's label key) is indexed while COPY loads it, so that build is part of the
     * import's time; it has no other property index and no warm-up procedure, and graphperf's query warm-up reads properties()
     * and keys(), which its Cypher lacks. The probes read the same entities, returned whole.
     */
    ImportDialect KUZU = new ImportDialect() {
        @Override
        public List<SchemaPhase.Step> schema(ImportDataset ds) {
            return List.of();
        }

        @Override
        public List<WarmupMethods.Method> warmups(ImportDataset ds) {
            return List.of();
        }

        @Override
        public List<Probes.Probe> probes(String label, String key) {
            String l = Probes.quote(label), k = Probes.quote(key);
            return List.of(
                    new Probes.Probe("lookup by key", "MATCH (n:" + l + " {" + k + ": $key}) RETURN n", true),
                    new Probes.Probe("neighbourhood", "MATCH (n:" + l + " {" + k + ": $key})-[r]-(m) RETURN r, m", true),
                    new Probes.Probe("label scan", "MATCH (n:" + l + ") RETURN count(n." + k + ") AS c", false));
        }

        @Override
        public String sampleKeys(String label, String key, long labelCount, int samples) {
            long every = Probes.every(labelCount, samples);
            return "MATCH (n:" + Probes.quote(label) + ") WHERE offset(id(n)) % " + every + " = 0 RETURN n." + Probes.quote(key) + " AS k LIMIT " + samples;
        }

        @Override
        public Map<String, String> notExpressible() {
            return Map.of("schema", "Kuzu indexes each node table's primary key (the label's key) while COPY loads it, inside the import's time,"
                            + " and has no other property index",
                    "warm-up", "Kuzu has no warm-up procedure (APOC's is Neo4j's), and graphperf's query warm-up reads properties() and keys(),"
                            + " which Kuzu's Cypher lacks: its probes run cold only");
        }
    };

    /**
     * ArcadeDB, in its SQL (statements marked sql:): the schema phase builds the same indexes (a unique one where Neo4j has a
     * uniqueness constraint), on the properties its loader declared. Its probes run cold only ({@link SqlImportDialect}).
     */
    ImportDialect ARCADEDB = new SqlImportDialect("ArcadeDB", "sql:", "CREATE INDEX IF NOT EXISTS ON %2$s (%3$s) %4$s",
            "ArcadeDB has no warm-up procedure (APOC's is Neo4j's), and graphperf's query warm-up is written in Cypher, which ArcadeDB's Cypher"
                    + " for Gremlin runs at over a second a query: its probes run cold only");

    /** FalkorDB, in its Cypher ({@link FalkorDbImportDialect}). */
    ImportDialect FALKORDB = new FalkorDbImportDialect();

    /** OrientDB, in its SQL: the same indexes, each named Label_property. It speaks no Cypher: its probes run cold only. */
    ImportDialect ORIENTDB = new SqlImportDialect("OrientDB", "", "CREATE INDEX %1$s IF NOT EXISTS ON %2$s (%3$s) %4$s",
            "OrientDB has no warm-up procedure (APOC's is Neo4j's), and graphperf's query warm-up is written in Cypher, which OrientDB does not"
                    + " speak: its probes run cold only");
}
