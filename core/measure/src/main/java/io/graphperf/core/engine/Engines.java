package io.graphperf.core.engine;

import java.util.Map;

/**
 * How an experiment gets its engine: one graphperf starts (an engine host on a store of its own, with the
 * run's settings and the variant's) or a user's server it only connects to. Made by the CLI from the user's
 * options, one per trial; an experiment never knows which database product it drives beyond its queries.
 */
public interface Engines {

    /** Whether graphperf starts the engine itself (false: a user's server). */
    boolean embedded();

    /** Starts an engine on store {@code store} (empty when new), or connects to the user's server. */
    default Engine start(String store) throws Exception {
        return start(store, Map.of(), 0);
    }

    /**
     * As {@link #start(String)}, with extra engine settings (e.g. a worker pool) over the run's and a client
     * connection pool of {@code connections} (0 = the default).
     */
    Engine start(String store, Map<String, String> settings, int connections) throws Exception;

    /**
     * The user's servers as they are, for an experiment that only reads and never empties the database: one server, or a
     * list of servers holding the same data as a round-robin {@link EngineGroup}. Unsupported when graphperf starts the engine.
     */
    default Engine connect() throws Exception {
        throw new UnsupportedOperationException("graphperf starts this engine itself; there is no user's server to connect to");
    }

    /** A user's server of the same product at that address (an experiment that uses several, e.g. a source and a sink). */
    default Engine connectTo(String uri, String user, String password, String database) throws Exception {
        throw new UnsupportedOperationException("this engine has no servers of yours to connect to");
    }

    /**
     * The engine's bulk importer into store {@code store}; servers then start on it. A
     * {@link io.graphperf.core.UserError} when the engine is a user's server.
     *
     * @param options importer options by name (e.g. "max-off-heap"; "measured-start" "true": the study times its servers' starts,
     *                which then start as the engine's own would, without start-up aids of graphperf's)
     */
    BulkImport bulkImport(String store, Map<String, String> options) throws Exception;

    /** Deletes the store's data and logs (its engine logs stay) unless the user keeps stores. */
    void deleteStore(String store) throws Exception;

    /** One sentence for the report, e.g. "embedded Neo4j (heap 1g, page cache 512m)" or the server's address. */
    String describe();

    /** The engine settings for run.json (never a password). */
    Map<String, Object> settings();
}
