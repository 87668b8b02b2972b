package io.graphperf.workloads.reads;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Dialect;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.reads.ReadTexts;
import io.graphperf.studies.reads.SocialQuery;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E2's query texts per engine dialect: Neo4j's are {@link SocialQueries}' own; another dialect's come from the engine's module
 * ({@link Dialect#reads}), which answers every query: its text, or why it cannot be written in its language ("not expressible"),
 * which the report shows. The same parameters go to every dialect and every answer is checked against the same oracle.
 */
public final class SocialDialects {

    /** Every dialect on the class path but Neo4j's, with its E2 texts. */
    private static final Map<DialectName, ReadTexts> READS = reads();

    private SocialDialects() {
    }

    private static Map<DialectName, ReadTexts> reads() {
        Map<DialectName, ReadTexts> out = new LinkedHashMap<>();
        Dialect.all().forEach((name, d) -> out.put(name, d.reads()));
        return Map.copyOf(out);
    }

    /** A query's parameters as the dialect's text names them (e.g. group, a keyword in Kuzu's Cypher and in ArcadeDB's and OrientDB's SQL). */
    public static Map<String, Object> parameters(DialectName dialect, Map<String, Object> params) {
        ReadTexts r = READS.get(dialect);
        if (r == null || r.parameterNames().keySet().stream().noneMatch(params::containsKey)) return params;
        Map<String, Object> out = new LinkedHashMap<>(params);
        r.parameterNames().forEach((from, to) -> {
            if (out.containsKey(from)) out.put(to, out.remove(from));
        });
        return out;
    }

    /** The dialects E2 has texts for: Neo4j's and every engine module's. */
    public static List<DialectName> known() {
        List<DialectName> out = new ArrayList<>(List.of(DialectName.NEO4J));
        out.addAll(READS.keySet().stream().sorted(Comparator.comparing(DialectName::id)).toList());
        return out;
    }

    /** The query's text in {@code dialect}, or why it cannot be written there. */
    public static Expressed<String> text(SocialQuery q, DialectName dialect) {
        if (DialectName.NEO4J.equals(dialect)) return Expressed.as(q.cypher());
        ReadTexts r = READS.get(dialect);
        if (r == null) return Expressed.notExpressible("graphperf has no E2 texts for the " + dialect + " dialect");
        return r.read(q);
    }

    /** The schema the queries need in {@code dialect}: Neo4j's uniqueness constraints, or what the engine's module gives. */
    public static List<String> schema(DialectName dialect) {
        if (DialectName.NEO4J.equals(dialect)) return SocialQueries.CONSTRAINTS;
        ReadTexts r = READS.get(dialect);
        return r == null ? List.of() : r.schema();
    }

    /** Whether the dialect has graphperf's stored procedures (the procedure form). */
    public static boolean hasProcedures(DialectName dialect) {
        return DialectName.NEO4J.equals(dialect);
    }
}
