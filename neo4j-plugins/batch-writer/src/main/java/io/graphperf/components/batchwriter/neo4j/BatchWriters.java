package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.BatchWriter;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The running writer of each database, for the procedures and the HTTP endpoint (which Neo4j creates
 * per call and cannot hand the extension's objects to), and why a writer is missing when it is.
 */
public final class BatchWriters {

    private static final Map<String, BatchWriter> RUNNING = new ConcurrentHashMap<>();
    private static final Map<String, String> NOT_RUNNING = new ConcurrentHashMap<>();

    static final String STARTING = "it is starting";
    private static final long STARTING_WAIT_SECONDS = 60;

    private BatchWriters() {
    }

    static void started(String database, BatchWriter writer) {
        NOT_RUNNING.remove(database);
        RUNNING.put(database, writer);
    }

    static void notRunning(String database, String why) {
        RUNNING.remove(database);
        NOT_RUNNING.put(database, why);
    }

    static BatchWriter remove(String database) {
        return RUNNING.remove(database);
    }

    /** The writer of {@code database}; an exception saying why when there is none. */
    public static BatchWriter require(String database) {
        BatchWriter w = RUNNING.get(database);
        // right after the database starts the writer may still be replaying its log: wait for it
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTING_WAIT_SECONDS);
        while (w == null && STARTING.equals(NOT_RUNNING.get(database)) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            w = RUNNING.get(database);
        }
        if (w != null) return w;
        String why = NOT_RUNNING.get(database);
        throw new BatchWriter.Rejected("the graphperf batch writer is not running for database '" + database + "'"
                + (why == null ? " (is the graphperf-batch-writer plugin installed, and the database started?)" : ": " + why));
    }
}
