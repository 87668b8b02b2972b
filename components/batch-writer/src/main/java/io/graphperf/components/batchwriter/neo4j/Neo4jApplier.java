package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.PendingWrites;
import io.graphperf.components.batchwriter.UnwindRewriter;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.api.exceptions.Status;

import java.util.List;
import java.util.Map;

/**
 * Applies the writer's batches to the database it runs in. The applied position lives in the graph, in
 * one node {@code (:GraphperfBatchWriter {log: 'writes'})}, set in the same transaction as each batch:
 * a batch and its position commit together or not at all, which is what makes a replay exactly once.
 */
final class Neo4jApplier implements BatchWriter.Applier {

    static final String LABEL = "GraphperfBatchWriter";
    private static final String READ_POSITION = "MATCH (w:" + LABEL + " {log: 'writes'}) RETURN max(w.applied) AS applied";
    private static final String SET_POSITION = "MERGE (w:" + LABEL + " {log: 'writes'}) SET w.applied = $applied";

    private final GraphDatabaseService db;

    Neo4jApplier(GraphDatabaseService db) {
        this.db = db;
    }

    @Override
    public long appliedPosition() {
        try (Transaction tx = db.beginTx(); Result r = tx.execute(READ_POSITION)) {
            Object v = r.next().get("applied");
            return v == null ? 0 : ((Number) v).longValue();
        }
    }

    @Override
    public void apply(PendingWrites.Flush flush) {
        try (Transaction tx = db.beginTx()) {
            for (Map.Entry<String, List<Map<String, Object>>> batch : flush.batches().entrySet()) {
                run(tx, batch.getKey(), Map.of(UnwindRewriter.ROWS, batch.getValue()));
            }
            run(tx, SET_POSITION, Map.of("applied", flush.lastSequence()));
            tx.commit();
        }
    }

    @Override
    public void markApplied(long sequence) {
        try (Transaction tx = db.beginTx()) {
            run(tx, SET_POSITION, Map.of("applied", sequence));
            tx.commit();
        }
    }

    private static void run(Transaction tx, String statement, Map<String, Object> params) {
        try (Result r = tx.execute(statement, params)) {
            while (r.hasNext()) r.next();
        }
    }

    /** Client errors are the statement's fault; a database error while the database is up is too (retrying would repeat it). */
    @Override
    public boolean permanent(Exception e) {
        Status.Classification c = classification(e);
        if (c == Status.Classification.ClientError) return true;
        if (c == Status.Classification.TransientError) return false;
        return db.isAvailable(0);
    }

    /** The first status code on the cause chain (a commit-time constraint violation carries it on a cause). */
    @Override
    public String code(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof QueryExecutionException q && q.getStatusCode() != null) return q.getStatusCode();
            Status s = Status.statusCodeOf(t);
            if (s != null && s != Status.General.UnknownError) return s.code().serialize();
        }
        return e.getClass().getName();
    }

    private Status.Classification classification(Exception e) {
        String code = code(e);
        if (code.startsWith("Neo.ClientError")) return Status.Classification.ClientError;
        if (code.startsWith("Neo.TransientError")) return Status.Classification.TransientError;
        if (code.startsWith("Neo.DatabaseError")) return Status.Classification.DatabaseError;
        return null;
    }
}
