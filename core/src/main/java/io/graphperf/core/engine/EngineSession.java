package io.graphperf.core.engine;

/** Per-client-thread state of an engine. Used by one thread only. */
public interface EngineSession extends AutoCloseable {

    /**
     * Executes the operation and returns only when its effects are acknowledged (committed).
     * Throws on any failure; a thrown operation counts as an error and as not acknowledged.
     */
    void execute(Operation operation) throws Exception;

    /**
     * The time the server reported for the last {@link #execute} (e.g. Bolt's result-available-after
     * plus result-consumed-after), in nanoseconds, or -1 when the transport does not report one. This
     * is the server's own figure, read by the measuring layer, never a timing taken by the adapter.
     */
    default long serverNanos() {
        return -1;
    }

    /** Runs one statement and returns its rows, values as the transport delivers them (result checks; never timed). */
    default java.util.List<java.util.List<Object>> fetch(Statement statement) throws Exception {
        throw new UnsupportedOperationException("this transport does not return rows");
    }

    @Override
    default void close() throws Exception {
    }
}
