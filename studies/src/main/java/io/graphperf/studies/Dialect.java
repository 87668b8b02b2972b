package io.graphperf.studies;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.imports.ImportTexts;
import io.graphperf.studies.reads.ReadTexts;
import io.graphperf.studies.writes.WriteTexts;

import java.util.Map;
import java.util.Optional;

/**
 * An engine's language where it differs from the studies' own (Neo4j's Cypher), kept by the engine's module: it lists one per
 * language it speaks in {@code META-INF/services/io.graphperf.studies.Dialect}, found by the name the engine's {@code dialect()}
 * gives (LadybugDB speaks Kuzu's, from Kuzu's module): E2's queries ({@link ReadTexts}), E1's steps ({@link ImportTexts}), E4's
 * statements ({@link WriteTexts}).
 */
public interface Dialect {

    /** The dialect's name, as the engine's {@code dialect()} gives it (e.g. "kuzu"). */
    DialectName name();

    /** E2's queries in this dialect. */
    ReadTexts reads();

    /** E1's steps in this dialect; empty when E1 is not written for it. */
    default Optional<ImportTexts> imports() {
        return Optional.empty();
    }

    /** E4's statements in this dialect; empty when they are not written for it. */
    default Optional<WriteTexts> writes() {
        return Optional.empty();
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
     * database holds as {@code label}.{@code property}; empty for the Cypher one (an UNWIND over the list).
     */
    default Optional<String> idLookup(String label, String property) {
        return Optional.empty();
    }

    /** Every dialect on the class path, by name (looked up once). */
    static Map<DialectName, Dialect> all() {
        return Dialects.ALL;
    }
}
