package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.BatchWriter;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.kernel.api.exceptions.Status;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The writer over Bolt (and the Query API): submit a write, read the metrics, wait for the queue to drain.
 * The procedures only read the graph themselves; the writer's own transactions do the writing.
 */
public final class BatchWriterProcedures {

    @Context
    public GraphDatabaseService db;

    public static final class Submitted {
        public long sequence;
        public String ack;

        Submitted(BatchWriter.Ack a) {
            this.sequence = a.sequence();
            this.ack = a.mode().label();
        }
    }

    public static final class Metric {
        public String name;
        public Object value;

        Metric(String name, Object value) {
            this.name = name;
            this.value = value;
        }
    }

    public static final class Drained {
        public boolean drained;
        public long appliedPosition;

        Drained(boolean drained, long appliedPosition) {
            this.drained = drained;
            this.appliedPosition = appliedPosition;
        }
    }

    /** A refusal the client should retry: a transient status, so drivers' retrying transactions do. */
    static final class RetryLater extends RuntimeException implements Status.HasStatus {
        RetryLater(String message) {
            super(message);
        }

        @Override
        public Status status() {
            return Status.Request.ResourceExhaustion;
        }
    }

    @Procedure(name = "graphperf.batch.submit", mode = Mode.READ)
    @Description("graphperf.batch.submit(statement, params = {}, ack = 'durable') :: (sequence, ack) — logs one write "
            + "durably and returns once it is durable ('durable') or committed ('applied'); the batch writer applies it in an UNWIND batch")
    public Stream<Submitted> submit(@Name("statement") String statement,
                                    @Name(value = "params", defaultValue = "{}") Map<String, Object> params,
                                    @Name(value = "ack", defaultValue = "durable") String ack) throws Exception {
        return Stream.of(new Submitted(submitAndWait(db.databaseName(), statement, params, ack)));
    }

    /** Shared by the procedure and the HTTP endpoint: the writer's exceptions become messages a client can act on. */
    public static BatchWriter.Ack submitAndWait(String database, String statement, Map<String, Object> params, String ack) throws Exception {
        BatchWriter w;
        BatchWriter.AckMode mode = BatchWriter.AckMode.parse(ack);
        try {
            w = BatchWriters.require(database);
            var future = w.submit(statement, params, mode);
            return future.get(w.config().ackTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (BatchWriter.Rejected r) {
            throw new RetryLater(r.getMessage());
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof BatchWriter.DeadLettered d) throw new IllegalStateException(d.code() + ": " + d.getMessage(), d);
            throw new IllegalStateException("the batch writer could not acknowledge the write: " + c, c);
        } catch (TimeoutException e) {
            throw new RetryLater("the write was logged but not acknowledged as " + mode.label() + " within "
                    + BatchWriters.require(database).config().ackTimeout().toMillis() + " ms; it stays in the log and will be applied");
        }
    }

    @Procedure(name = "graphperf.batch.metrics", mode = Mode.READ)
    @Description("graphperf.batch.metrics(reset = false) :: (name, value) — the batch writer's queue depth, batches, "
            + "fsyncs, rejections, dead letters, lags and recovery; reset = true starts new latency histograms after reading")
    public Stream<Metric> metrics(@Name(value = "reset", defaultValue = "false") boolean reset) throws Exception {
        List<Metric> rows = new ArrayList<>();
        BatchWriters.require(db.databaseName()).metrics(reset).forEach((k, v) -> rows.add(new Metric(k, v)));
        return rows.stream();
    }

    @Procedure(name = "graphperf.batch.await", mode = Mode.READ)
    @Description("graphperf.batch.await(timeoutMs = 60000) :: (drained, appliedPosition) — waits until every write "
            + "submitted before the call is applied (or dead-lettered)")
    public Stream<Drained> await(@Name(value = "timeoutMs", defaultValue = "60000") long timeoutMs) throws Exception {
        BatchWriter w = BatchWriters.require(db.databaseName());
        boolean drained = w.awaitApplied(timeoutMs);
        return Stream.of(new Drained(drained, w.appliedPosition()));
    }
}
