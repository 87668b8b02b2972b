package io.graphperf.core.engine;

/** Per-client-thread state of an engine. Used by one thread only. */
public interface EngineSession extends AutoCloseable {

    /**
     * Executes the operation and returns only when its effects are acknowledged (committed).
     * Throws on any failure; a thrown operation counts as an error and as not acknowledged.
     */
    void execute(Operation operation) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
