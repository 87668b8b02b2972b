package io.graphperf.workloads.imports;

import java.util.List;
import java.util.Map;

/**
 * E1's statements in an SQL of the OrientDB family (ArcadeDB's, OrientDB's): the schema phase builds the indexes Neo4j's schema
 * has (a unique one where Neo4j has a uniqueness constraint) on the properties the engine's loader declared; the probes read
 * the same records, returned whole. Neither engine has a warm-up procedure, and graphperf's query warm-up is written in Cypher:
 * their probes run cold only.
 *
 * @param engine  the engine's name in messages
 * @param prefix  what marks a statement as SQL for the engine's host ("sql:" for ArcadeDB's, whose host also speaks Cypher)
 * @param index   the index statement: %1$s its name (Label_property), %2$s the label, %3$s the property, %4$s UNIQUE or NOTUNIQUE
 * @param noWarmup why the warm-up phase is not expressible there
 */
record SqlImportDialect(String engine, String prefix, String index, String noWarmup) implements ImportDialect {

    @Override
    public List<SchemaPhase.Step> schema(ImportDataset ds) {
        return ds.schemaSteps().stream().map(s -> new SchemaPhase.Step(s.index(), prefix + String.format(index, name(s.label() + "_" + s.property()),
                name(s.label()), name(s.property()), s.statement().contains("IS UNIQUE") ? "UNIQUE" : "NOTUNIQUE"), s.label(), s.property())).toList();
    }

    @Override
    public List<WarmupMethods.Method> warmups(ImportDataset ds) {
        return List.of();
    }

    @Override
    public List<Probes.Probe> probes(String label, String key) {
        String l = name(label), k = name(key);
        return List.of(
                new Probes.Probe("lookup by key", prefix + "SELECT FROM " + l + " WHERE " + k + " = :key", true),
                new Probes.Probe("neighbourhood", prefix + "SELECT expand(both()) FROM " + l + " WHERE " + k + " = :key", true),
                new Probes.Probe("label scan", prefix + "SELECT count(*) AS c FROM " + l + " WHERE " + k + " IS NOT NULL", false));
    }

    @Override
    public String sampleKeys(String label, String key, long labelCount, int samples) {
        long every = Probes.every(labelCount, samples);
        return prefix + "SELECT " + name(key) + " AS k FROM " + name(label) + " WHERE " + name(key) + " % " + every + " = 0 LIMIT " + samples;
    }

    @Override
    public String explain(String query) {
        return query.startsWith(prefix) ? prefix + "EXPLAIN " + query.substring(prefix.length()) : ImportDialect.super.explain(query);
    }

    @Override
    public String countLabel(String label) {
        return prefix + "SELECT count(*) AS c FROM " + name(label);
    }

    @Override
    public Map<String, String> notExpressible() {
        return Map.of("warm-up", noWarmup);
    }

    private static String name(String name) {
        return "`" + name.replace("`", "") + "`";
    }
}
