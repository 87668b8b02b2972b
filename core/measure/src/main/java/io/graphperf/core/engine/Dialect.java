package io.graphperf.core.engine;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The texts an engine's language needs where it differs from a study's own (Neo4j's Cypher), kept by the engine's module: it lists one
 * per language it speaks in {@code META-INF/services/io.graphperf.core.engine.Dialect}, found by the name {@link Engine#dialect()}
 * gives (LadybugDB speaks Kuzu's, from Kuzu's module): E2's queries, E1's statements ({@link ImportTexts}), E4's scenarios
 * ({@link WriteTexts}).
 */
public interface Dialect {

    /** The dialect's name, as {@link Engine#dialect()} gives it (e.g. "kuzu"). */
    String name();

    /**
     * E2's queries in this dialect.
     *
     * @param maxPath the study's longest friend path (the shortest-path query's bound)
     */
    ReadTexts reads(int maxPath);

    /** E1's statements in this dialect; null when E1 is not written for it. */
    default ImportTexts imports() {
        return null;
    }

    /** E4's scenarios in this dialect; null when they are not written for it. */
    default WriteTexts writes() {
        return null;
    }

    /**
     * E2's texts.
     *
     * @param queries              query id → the dialect's text, where it has its own
     * @param notExpressible       query id → why the query cannot be written in this dialect
     * @param studyCypherOtherwise whether a query without a text of its own runs the study's Cypher as it is (else it has no text)
     * @param schema               the statements that give the queries their indexes on the keys they look up
     * @param parameterNames       a parameter renamed where the dialect cannot take the study's name (e.g. group → groupKey)
     * @param rewrite              applied to every text (e.g. quoting the dialect's keywords); identity for most
     */
    record ReadTexts(Map<String, String> queries, Map<String, String> notExpressible, boolean studyCypherOtherwise, List<String> schema,
                     Map<String, String> parameterNames, UnaryOperator<String> rewrite) {
    }

    /**
     * How a text of this dialect names its parameters: {@code '$'} (Cypher's {@code $name}) unless the dialect's language for that text
     * names them otherwise ({@code ':'}: the SQL of the OrientDB family's {@code :name}).
     */
    default char parameterSign(String text) {
        return '$';
    }

    /**
     * A query taking a list of ids ({@code ids}, named as {@link #parameterSign} names parameters) that returns those of them the
     * database holds as {@code label}.{@code property}; null for the Cypher one (an UNWIND over the list).
     */
    default String idLookup(String label, String property) {
        return null;
    }

    /** Every dialect on the class path, by name (looked up once). */
    static Map<String, Dialect> all() {
        return Dialects.ALL;
    }
}
