package io.graphperf.workloads.workload;

import io.graphperf.core.engine.DialectName;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One operation's (or a query source's, or the schema's) text in each engine's language: the Cypher every engine runs unless its
 * dialect has a text of its own, or says why the operation cannot be written in it. A text of several statements runs them in one
 * transaction.
 *
 * @param cypher         the statements in Neo4j's Cypher (empty when only dialect texts are given)
 * @param dialects       dialect (its name as the file writes it) → its own statements
 * @param notExpressible dialect (its name as the file writes it) → why it cannot be written in it
 * @param line           where the texts are in the workload file
 */
public record Texts(List<String> cypher, Map<String, List<String>> dialects, Map<String, String> notExpressible, int line) {

    /** The key of the Cypher every engine runs unless its dialect has a text of its own. */
    public static final String CYPHER = "cypher";

    public Texts {
        cypher = List.copyOf(cypher);
        dialects = Map.copyOf(dialects);
        notExpressible = Map.copyOf(notExpressible);
    }

    public static Texts of(List<String> cypher) {
        return new Texts(cypher, Map.of(), Map.of(), 0);
    }

    /** The statements an engine of {@code dialect} runs; empty when it cannot (see {@link #whyNot}). */
    public List<String> in(DialectName dialect) {
        if (notExpressible.containsKey(dialect.id())) return List.of();
        List<String> own = dialects.get(dialect.id());
        return own != null ? own : cypher;
    }

    /** Why the text cannot be run in {@code dialect}; empty when it can. */
    public Optional<String> whyNot(DialectName dialect) {
        if (notExpressible.containsKey(dialect.id())) return Optional.of(notExpressible.get(dialect.id()));
        if (in(dialect).isEmpty()) return Optional.of("the workload file gives no text for " + dialect + " and no Cypher");
        return Optional.empty();
    }

    /** Every (dialect, statements) the file gives, the Cypher under {@link #CYPHER}. */
    public Map<String, List<String>> all() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        if (!cypher.isEmpty()) m.put(CYPHER, cypher);
        m.putAll(dialects);
        return m;
    }
}
