package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.Layout;
import io.graphperf.components.batchwriter.PendingWrites;
import io.graphperf.components.batchwriter.UnwindRewriter;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.api.exceptions.Status;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies the writer's batches to the database it runs in. Each applier's position lives in the graph, in
 * one node {@code (:GraphperfBatchWriter {log: 'writes', applier: n})} (with the layout, stored when the node is created), set in
 * the same transaction
 * as each of its batches: a batch and its position commit together or not at all, which is what makes a replay exactly once. Each
 * applier has its own node, so appliers committing at once never wait for one another's position. A node without {@code applier}
 * is the one position of a writer from before there were several appliers.
 */
final class Neo4jApplier implements BatchWriter.Applier {

    static final String LABEL = "GraphperfBatchWriter";
    private static final String READ_POSITIONS = "MATCH (w:" + LABEL + " {log: 'writes'}) RETURN coalesce(w.applier, 0) AS applier, w.applied AS applied,"
            + " coalesce(w.appliers, 1) AS appliers, w.partitionBy AS partitionBy";
    private static final String SET_POSITION = "MERGE (w:" + LABEL + " {log: 'writes', applier: $applier})"
            + " ON CREATE SET w.appliers = $appliers, w.partitionBy = $partitionBy SET w.applied = $applied";
    /** A writer from before there were several appliers stored one position without {@code applier}: it is applier 0 of one. */
    private static final String HAS_SINGLE_POSITION = "MATCH (w:" + LABEL + " {log: 'writes'}) WHERE w.applier IS NULL RETURN count(w) > 0 AS found";
    private static final String ADOPT_SINGLE_POSITION = "MATCH (w:" + LABEL + " {log: 'writes'}) WHERE w.applier IS NULL SET w.applier = 0, w.appliers = 1";
    private static final String FORGET_POSITIONS = "MATCH (w:" + LABEL + " {log: 'writes'}) DELETE w";

    private final GraphDatabaseService db;
    private final Layout layout;

    Neo4jApplier(GraphDatabaseService db, Layout layout) {
        this.db = db;
        this.layout = layout;
    }

    @Override
    public BatchWriter.Positions appliedPositions() {
        Map<Integer, Long> byApplier = new HashMap<>();
        Layout stored = null;
        // a write only when there is something to adopt: the writer's start leaves the graph as it is (a change stream would see it)
        boolean legacy = db.executeTransactionally(HAS_SINGLE_POSITION, Map.of(), r -> (Boolean) r.next().get("found"));
        if (legacy) {
            try (Transaction tx = db.beginTx()) {
                run(tx, ADOPT_SINGLE_POSITION, Map.of());
                tx.commit();
            }
        }
        try (Transaction tx = db.beginTx(); Result r = tx.execute(READ_POSITIONS)) {
            while (r.hasNext()) {
                Map<String, Object> row = r.next();
                Layout l = new Layout(((Number) row.get("appliers")).intValue(), (String) row.get("partitionBy"));
                if (stored != null && !stored.equals(l)) {
                    throw new IllegalStateException("the batch writer's stored positions disagree on their layout (" + stored.describe() + ", "
                            + l.describe() + "): delete the :" + LABEL + " nodes only if every logged write is applied");
                }
                stored = l;
                byApplier.merge(((Number) row.get("applier")).intValue(), ((Number) row.get("applied")).longValue(), Math::max);
            }
        }
        return stored == null ? BatchWriter.Positions.NONE : new BatchWriter.Positions(stored, byApplier);
    }

    @Override
    public void apply(PendingWrites.Flush flush) {
        try (Transaction tx = db.beginTx()) {
            for (Map.Entry<String, List<Map<String, Object>>> batch : flush.batches().entrySet()) {
                Optional<FastCreate> fast = FastCreate.of(batch.getKey());
                if (fast.isEmpty() || !fast.get().apply(tx, batch.getValue())) run(tx, batch.getKey(), Map.of(UnwindRewriter.ROWS, batch.getValue()));
            }
            setPosition(tx, flush.lane(), flush.lastSequence());
            tx.commit();
        }
    }

    @Override
    public void markApplied(int applier, long sequence) {
        try (Transaction tx = db.beginTx()) {
            setPosition(tx, applier, sequence);
            tx.commit();
        }
    }

    @Override
    public void resetPositions(Layout to, long sequence) {
        try (Transaction tx = db.beginTx()) {
            run(tx, FORGET_POSITIONS, Map.of());
            // the nodes are gone: each is created again, with the new layout
            for (int a = 0; a < to.appliers(); a++) setPosition(tx, to, a, sequence);
            tx.commit();
        }
    }

    private void setPosition(Transaction tx, int applier, long sequence) {
        setPosition(tx, layout, applier, sequence);
    }

    /** The applier's position, and the layout with it when its node is new. */
    private static void setPosition(Transaction tx, Layout layout, int applier, long sequence) {
        Map<String, Object> p = new HashMap<>();
        p.put("applier", applier);
        p.put("applied", sequence);
        p.put("appliers", layout.appliers());
        p.put("partitionBy", layout.partitionBy()); // null with one applier: a map that takes it
        run(tx, SET_POSITION, p);
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
