package io.graphperf.core.engine;


import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The engine: the database under test, reachable over one or more transports — one graphperf starts
 * (an engine host in a child JVM) or a user's server. Administrative calls (schema, counting, reset)
 * are never timed as part of a cell.
 */
public interface Engine extends AutoCloseable {

    /** Human-readable description, e.g. "embedded Neo4j 5.26.30 (child JVM)" or a URI. */
    String description();

    /**
     * The query language this engine speaks, naming the text of a workload's queries for it: {@link DialectName#NEO4J} (Neo4j's
     * Cypher 5), "kuzu" (Kuzu's Cypher), "arcadedb" (ArcadeDB's SQL, and its Cypher). A workload keeps each query's text per dialect
     * in one place.
     */
    default DialectName dialect() {
        return DialectName.NEO4J;
    }

    /** Transports this engine offers, in preference order (a gateway once per message format: {@link TransportName#servedBy}). */
    List<TransportName> transports();

    /** The adapter for one transport. */
    Transport transport(TransportName name) throws Exception;

    /** Runs an administrative statement (schema, setup) to completion. */
    void execute(String statement) throws Exception;

    /**
     * Where other processes reach this engine, by transport (e.g. bolt → bolt://127.0.0.1:7687, http → its HTTP API's URL), for
     * load agents that measure a cell together; empty when only this process can reach it (an engine embedded here).
     */
    default Map<TransportName, String> addresses() {
        return Map.of();
    }

    /** Runs a statement with parameters to completion, its result read and discarded (probe queries). */
    default void execute(String statement, Map<String, Object> parameters) throws Exception {
        throw new UnsupportedOperationException(description() + " does not run parameterised statements");
    }

    /** Runs a statement and returns the first column of every row (e.g. sample keys). */
    default List<Object> queryColumn(String statement) throws Exception {
        return queryColumn(statement, Map.of());
    }

    /** Runs a statement with parameters and returns the first column of every row. */
    default List<Object> queryColumn(String statement, Map<String, Object> parameters) throws Exception {
        throw new UnsupportedOperationException(description() + " does not return rows");
    }

    /** Runs a statement returning a single integer (e.g. a count). */
    long queryLong(String statement) throws Exception;

    /** Every index with its state and population progress (for timing builds until ONLINE). */
    default List<IndexState> indexStates() throws Exception {
        return List.of();
    }

    /** The server's page cache, when the engine can tell (empty otherwise). */
    default Optional<PageCacheState> pageCache() throws Exception {
        return Optional.empty();
    }

    /** One statement's rows through the server's in-process API (result checks of the embedded transport). */
    default List<List<Object>> fetchInProcess(Statement statement) throws Exception {
        throw new UnsupportedOperationException(description() + " cannot run statements in-process");
    }

    /** Waits until every index and constraint is online. */
    void awaitIndexesOnline() throws Exception;

    /** Empties the database between cells; {@link #resetMethod()} says how. */
    void reset() throws Exception;

    /** How {@link #reset()} works, stated in the report (e.g. "delete-all, then drop all indexes"). */
    String resetMethod();

    /** Versions and settings of the engine, for run.json. */
    Map<String, Object> environment();

    /**
     * Throws a {@link io.graphperf.core.UserError} that says what happened when the server is known
     * to be gone (e.g. the engine host's process died); does nothing otherwise.
     */
    default void checkHealthy() {
    }

    /**
     * Another client of the same server with a connection pool of {@code connections} (the server keeps running
     * when it is closed): to compare connection pools without restarting, and so cooling, the server.
     */
    default Engine client(int connections) throws Exception {
        throw new UnsupportedOperationException(description() + " cannot open a second client");
    }

    /** Process id of the database server, when it runs on this machine (for its CPU use). */
    OptionalLong serverPid();

    /** Process ids of every database server behind this engine on this machine (a group has several), for their CPU use. */
    default List<Long> serverPids() {
        return serverPid().stream().boxed().toList();
    }

    @Override
    void close();
}
