package io.graphperf.core.engine;

import java.util.List;
import java.util.Map;

/**
 * E1's statements in a dialect, where they differ from the study's own (Neo4j's Cypher): the schema phase's indexes, the probe
 * queries, how keys are sampled, how a probe is planned and a label counted, which warm-ups run. A method that answers null leaves
 * the study's own statement. Where the dialect cannot do a phase, {@link #notExpressible()} says why; the study shows that instead
 * of a figure.
 */
public interface ImportTexts {

    /**
     * The schema step that builds the study's index on {@code label}.{@code property} (a unique one where the study has a uniqueness
     * constraint); {@code {graph}} stands for the graph's key where the engine's host needs it. Null: the dialect has no schema phase.
     */
    String index(String label, String property, boolean unique);

    /** Whether graphperf's query warm-up (written in Cypher, reading properties() and keys()) runs on this dialect. */
    boolean queryWarmup();

    /** Phases this dialect cannot express ("schema", "warm-up", or one warm-up by name), with why. */
    Map<String, String> notExpressible();

    /** The probes on {@code label} looked up by {@code key} (parameter {@code $key} or {@code :key}); null: the study's own. */
    default List<Probe> probes(String label, String key) {
        return null;
    }

    /** A query for up to {@code samples} keys, every {@code every}-th record of the label; null: the study's own. */
    default String sampleKeys(String label, String key, long every, int samples) {
        return null;
    }

    /** The statement that plans {@code query} without running it; null: the study's own (EXPLAIN). */
    default String explain(String query) {
        return null;
    }

    /** The statement that counts a label's records; null: the study's own. */
    default String countLabel(String label) {
        return null;
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
