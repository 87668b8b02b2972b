package io.graphperf.studies.imports;

import java.util.List;
import java.util.Optional;

/**
 * E1's statements in a dialect, where they differ from the study's own (Neo4j's Cypher): whether it can do each step (one switch over
 * {@link ImportStep}, with no default: a step added to the study does not compile in a dialect until it has answered), the schema
 * step's indexes, the probe queries, how keys are sampled, how a probe is planned and a label counted. A method that answers empty
 * leaves the study's own statement.
 */
public interface ImportTexts {

    /** Why this dialect cannot do {@code step}, which the study shows in place of a figure; empty: it does it. */
    Optional<String> notExpressible(ImportStep step);

    /**
     * The schema step that builds the study's index on {@code label}.{@code property} (a unique one where the study has a uniqueness
     * constraint); {@code {graph}} stands for the graph's key where the engine's host needs it. Asked only of a dialect that does the
     * schema step.
     */
    default String index(String label, String property, boolean unique) {
        throw new UnsupportedOperationException("this dialect does not do E1's schema step: " + notExpressible(ImportStep.SCHEMA).orElse("(no reason given)"));
    }

    /** The probes on {@code label} looked up by {@code key} (parameter {@code $key} or {@code :key}); empty: the study's own. */
    default Optional<List<Probe>> probes(String label, String key) {
        return Optional.empty();
    }

    /** A query for up to {@code samples} keys, every {@code every}-th record of the label; empty: the study's own. */
    default Optional<String> sampleKeys(String label, String key, long every, int samples) {
        return Optional.empty();
    }

    /** The statement that plans {@code query} without running it; empty: the study's own (EXPLAIN). */
    default Optional<String> explain(String query) {
        return Optional.empty();
    }

    /** The statement that counts a label's records; empty: the study's own. */
    default Optional<String> countLabel(String label) {
        return Optional.empty();
    }

    /** A label or property name quoted as Cypher quotes it. */
    static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /**
     * A probe query.
     *
     * @param perKey whether it runs once per sampled key (else once)
     */
    record Probe(String name, String query, boolean perKey) {
    }
}
