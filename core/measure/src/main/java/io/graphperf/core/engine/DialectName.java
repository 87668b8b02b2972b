package io.graphperf.core.engine;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The name of the query language an engine speaks ({@link Engine#dialect()}): {@code neo4j} (Neo4j's Cypher 5, the studies' own),
 * or the name an engine's module gives its dialect ({@code kuzu}, {@code arcadedb}, …). It names the texts of a study or a workload
 * file for that engine; an engine's module declares its name once and both its engine and its dialect give that constant. In
 * run.json and on the load agents' wire it is the name as a string.
 *
 * @param id the name: lower-case letters, digits and dashes
 */
public record DialectName(@JsonValue String id) {

    /** Neo4j's Cypher 5: the studies' own texts, and what an engine speaks unless it says otherwise. */
    public static final DialectName NEO4J = new DialectName("neo4j");

    public DialectName {
        if (id == null || !id.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("a dialect's name is lower-case letters, digits and dashes, starting with a letter: '" + id + "'");
        }
    }

    /** The dialect a name says (as run.json and the agents' wire carry it). */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static DialectName of(String id) {
        return NEO4J.id.equals(id) ? NEO4J : new DialectName(id);
    }

    /** The name, as messages show it. */
    @Override
    public String toString() {
        return id;
    }
}
