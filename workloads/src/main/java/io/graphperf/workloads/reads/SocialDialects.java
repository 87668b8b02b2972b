package io.graphperf.workloads.reads;

import io.graphperf.studies.Dialect;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.reads.ReadTexts;
import io.graphperf.studies.reads.SocialQuery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E2's query texts per engine dialect: Neo4j's are {@link SocialQueries}' own; another dialect's come from the engine's module
 * ({@link Dialect#reads}), which answers every query: its text, or why it cannot be written in its language ("not expressible"),
 * which the report shows. The same parameters go to every dialect and every answer is checked against the same oracle.
 */
public final class SocialDialects {

    public static final String NEO4J = "neo4j";
    /** Every dialect on the class path but Neo4j's, with its E2 texts. */
    private static final Map<String, ReadTexts> READS = reads();

    /** A query in one dialect: its text, or the reason it cannot be written there. */
    public record Text(String text, String notExpressible) {
        static Text of(String text) {
            return new Text(text, null);
        }

        public boolean expressible() {
            return notExpressible == null;
        }
    }

    private SocialDialects() {
    }

    private static Map<String, ReadTexts> reads() {
        Map<String, ReadTexts> out = new LinkedHashMap<>();
        Dialect.all().forEach((name, d) -> out.put(name, d.reads()));
        return Map.copyOf(out);
    }

    /** A query's parameters as the dialect's text names them (e.g. group, a keyword in Kuzu's Cypher and in ArcadeDB's and OrientDB's SQL). */
    public static Map<String, Object> parameters(String dialect, Map<String, Object> params) {
        ReadTexts r = READS.get(dialect);
        if (r == null || r.parameterNames().keySet().stream().noneMatch(params::containsKey)) return params;
        Map<String, Object> out = new LinkedHashMap<>(params);
        r.parameterNames().forEach((from, to) -> {
            if (out.containsKey(from)) out.put(to, out.remove(from));
        });
        return out;
    }

    /** The dialects E2 has texts for: Neo4j's and every engine module's. */
    public static List<String> known() {
        List<String> out = new ArrayList<>(List.of(NEO4J));
        out.addAll(READS.keySet().stream().sorted().toList());
        return out;
    }

    /** The query's text in {@code dialect}. */
    public static Text text(SocialQuery q, String dialect) {
        if (NEO4J.equals(dialect)) return Text.of(q.cypher());
        ReadTexts r = READS.get(dialect);
        if (r == null) return new Text(null, "graphperf has no E2 texts for the " + dialect + " dialect");
        Expressed<String> e = r.read(q);
        return new Text(e.form().orElse(null), e.whyNot().orElse(null));
    }

    /** The schema the queries need in {@code dialect}: Neo4j's uniqueness constraints, or what the engine's module gives. */
    public static List<String> schema(String dialect) {
        if (NEO4J.equals(dialect)) return SocialQueries.CONSTRAINTS;
        ReadTexts r = READS.get(dialect);
        return r == null ? List.of() : r.schema();
    }

    /** Whether the dialect has graphperf's stored procedures (the procedure form). */
    public static boolean hasProcedures(String dialect) {
        return NEO4J.equals(dialect);
    }
}
