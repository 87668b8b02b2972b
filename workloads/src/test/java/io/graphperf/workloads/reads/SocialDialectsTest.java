package io.graphperf.workloads.reads;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.reads.SocialQuery;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** E2's texts per dialect: each query has one in every dialect (or a reason), and each text names its parameters as the dialect passes them. */
class SocialDialectsTest {

    @Test
    void everyQueryHasATextOrAReasonInEveryDialect() {
        assertEquals(List.of("neo4j", "arcadedb", "falkordb", "kuzu", "orientdb"), SocialDialects.known().stream().map(DialectName::id).toList(),
                "each engine module's dialect is found");
        for (DialectName dialect : SocialDialects.known()) {
            for (SocialQuery q : SocialQueries.all()) {
                Expressed<String> t = SocialDialects.text(q, dialect);
                assertTrue(t.form().map(x -> !x.isBlank()).orElse(false) || t.whyNot().map(x -> !x.isBlank()).orElse(false), q.id() + " in " + dialect);
            }
        }
        assertTrue(SocialDialects.text(SocialQueries.all().get(0), DialectName.of("gremlin")).whyNot().orElseThrow().contains("no E2 texts for the gremlin dialect"),
                "an unknown dialect has no texts, and says so");
    }

    @Test
    void neo4jRunsTheStudysOwnCypher() {
        for (SocialQuery q : SocialQueries.all()) assertEquals(q.cypher(), SocialDialects.text(q, DialectName.NEO4J).form().orElseThrow());
        assertEquals(SocialQueries.CONSTRAINTS, SocialDialects.schema(DialectName.NEO4J));
        Map<String, Object> p = Map.of("group", 3L);
        assertSame(p, SocialDialects.parameters(DialectName.NEO4J, p));
    }

    @Test
    void kuzuTextsUseWhatKuzusCypherHas() {
        DialectName kuzu = DialectName.of("kuzu");
        for (SocialQuery q : SocialQueries.all()) {
            String text = SocialDialects.text(q, kuzu).form().orElseThrow();
            assertFalse(text.contains("COLLECT {"), q.id() + ": Kuzu has no COLLECT subquery: " + text);
            assertFalse(text.contains("shortestPath("), q.id() + ": Kuzu writes shortest paths as * SHORTEST: " + text);
            assertFalse(text.matches(".*NOT \\(x\\).*"), q.id() + ": Kuzu has no pattern predicates: " + text);
            assertFalse(text.matches(".*(?<![`$\\w.])Group(?![`\\w]).*"), q.id() + ": Group is a keyword in Kuzu and must be quoted: " + text);
            // a text names exactly the parameters the dialect passes
            Map<String, Object> passed = SocialDialects.parameters(kuzu, params(q));
            for (String name : passed.keySet()) assertTrue(text.contains("$" + name), q.id() + " uses $" + name + ": " + text);
            assertFalse(text.contains("$group ") || text.contains("$group)") || text.contains("$group}"), q.id() + ": $group is not a parameter name Kuzu reads");
        }
        assertEquals(List.of(), SocialDialects.schema(kuzu), "Kuzu's primary keys come with its tables");
        assertEquals(Map.of("groupKey", 7L), SocialDialects.parameters(kuzu, Map.of("group", 7L)));
        assertTrue(SocialDialects.text(SocialQueries.all().get(6), kuzu).form().isPresent());
    }

    /** The parameter names a query takes, with any value. */
    private static Map<String, Object> params(SocialQuery q) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (String n : q.params().names.split(", ")) m.put(n, 1L);
        return m;
    }
}
