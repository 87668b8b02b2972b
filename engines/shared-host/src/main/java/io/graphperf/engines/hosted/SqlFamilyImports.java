package io.graphperf.engines.hosted;

import io.graphperf.studies.imports.ImportStep;
import io.graphperf.studies.imports.ImportTexts;

import java.util.List;
import java.util.Optional;

/**
 * E1's statements in an SQL of the OrientDB family (ArcadeDB's, OrientDB's): the schema phase builds the indexes the study's schema
 * has (a unique one where it has a uniqueness constraint) on the properties the engine's loader declared; the probes read the same
 * records, returned whole. Neither engine has a warm-up procedure, and graphperf's query warm-up is written in Cypher: their probes
 * run cold only.
 *
 * @param prefix   what marks a statement as SQL for the engine's host ("sql:" for ArcadeDB's, whose host also speaks Cypher)
 * @param index    the index statement: %1$s its name (Label_property), %2$s the label, %3$s the property, %4$s UNIQUE or NOTUNIQUE
 * @param noWarmup why the warm-up phase is not expressible there
 */
public record SqlFamilyImports(String prefix, String index, String noWarmup) implements ImportTexts {

    @Override
    public String index(String label, String property, boolean unique) {
        return prefix + String.format(index, name(label + "_" + property), name(label), name(property), unique ? "UNIQUE" : "NOTUNIQUE");
    }

    @Override
    public Optional<String> notExpressible(ImportStep step) {
        return switch (step) {
            case SCHEMA -> Optional.empty();
            case APOC_WARMUP, QUERY_WARMUP -> Optional.of(noWarmup);
        };
    }

    @Override
    public Optional<List<Probe>> probes(String label, String key) {
        String l = name(label), k = name(key);
        return Optional.of(List.of(
                new Probe("lookup by key", prefix + "SELECT FROM " + l + " WHERE " + k + " = :key", true),
                new Probe("neighbourhood", prefix + "SELECT expand(both()) FROM " + l + " WHERE " + k + " = :key", true),
                new Probe("label scan", prefix + "SELECT count(*) AS c FROM " + l + " WHERE " + k + " IS NOT NULL", false)));
    }

    @Override
    public Optional<String> sampleKeys(String label, String key, long every, int samples) {
        return Optional.of(prefix + "SELECT " + name(key) + " AS k FROM " + name(label) + " WHERE " + name(key) + " % " + every + " = 0 LIMIT " + samples);
    }

    @Override
    public Optional<String> explain(String query) {
        return query.startsWith(prefix) ? Optional.of(prefix + "EXPLAIN " + query.substring(prefix.length())) : Optional.empty();
    }

    @Override
    public Optional<String> countLabel(String label) {
        return Optional.of(prefix + "SELECT count(*) AS c FROM " + name(label));
    }

    private static String name(String name) {
        return "`" + name.replace("`", "") + "`";
    }
}
