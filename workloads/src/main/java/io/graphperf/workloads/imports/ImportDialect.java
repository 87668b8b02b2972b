package io.graphperf.workloads.imports;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Dialect;
import io.graphperf.core.engine.Engine;
import io.graphperf.studies.imports.ImportTexts;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * E1's statements in an engine's dialect: the schema steps, the warm-up methods, the probe queries and how keys are sampled.
 * Neo4j's are the study's own; another engine's module gives its own ({@link ImportTexts}, from the {@link Dialect} its engine
 * speaks). Where an engine cannot do a phase, {@link #notExpressible} says why, and the study and its report show that instead of
 * a figure.
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
        return "MATCH (n:" + ImportTexts.quote(label) + ") RETURN count(n)";
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

    static ImportDialect of(DialectName dialect) {
        if (DialectName.NEO4J.equals(dialect)) return NEO4J;
        Dialect d = Dialect.all().get(dialect);
        ImportTexts texts = (d == null ? Optional.<ImportTexts>empty() : d.imports())
                .orElseThrow(() -> new IllegalArgumentException("E1 is not written for the dialect " + dialect));
        return new EngineImportDialect(texts);
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
}
