package io.graphperf.components.gateway.server;

import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.Submitted;
import io.graphperf.components.batchwriter.neo4j.BatchWriters;
import io.graphperf.components.gateway.protocol.Messages;
import org.neo4j.graphdb.Entity;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Path;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.QueryStatistics;
import org.neo4j.kernel.GraphDatabaseQueryService;
import org.neo4j.kernel.impl.query.Neo4jTransactionalContextFactory;
import org.neo4j.kernel.impl.query.QueryExecution;
import org.neo4j.kernel.impl.query.QueryExecutionConfiguration;
import org.neo4j.kernel.impl.query.QueryExecutionEngine;
import org.neo4j.kernel.impl.query.QueryExecutionKernelException;
import org.neo4j.kernel.impl.query.QuerySubscriber;
import org.neo4j.kernel.impl.query.TransactionalContext;
import org.neo4j.kernel.impl.query.TransactionalContextFactory;
import org.neo4j.kernel.impl.util.ValueUtils;
import org.neo4j.values.AnyValue;
import org.neo4j.values.virtual.MapValue;
import org.neo4j.graphdb.spatial.Point;
import org.neo4j.internal.kernel.api.security.LoginContext;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.api.exceptions.Status;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import io.graphperf.components.gateway.protocol.Values;

import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Runs one request against the database, as the connection's user, streaming its result to the connection's {@link Call}. */
final class Requests {

    /**
     * What a run tells its connection: the transaction it runs in (terminated if the connection closes), then its columns and rows. Any
     * step may refuse (the result is too large, the budgets are full, the connection went away): the run stops and its transaction rolls
     * back.
     */
    interface Call {
        void begin(InternalTransaction tx) throws Refused;

        void end(InternalTransaction tx);

        void columns(List<String> columns) throws Exception;

        /** A row of Java values (a native procedure's). */
        void row(List<Object> values) throws Exception;

        /** Starts a row written value by value to the returned sink; {@link #endRow} ends it. */
        Values.Sink startRow(int columns) throws Exception;

        void endRow() throws Exception;

        /** Throws when the result must stop; called while a long value is written. */
        void check() throws Exception;
    }

    /** Records asked of a query at a time: each batch is encoded before the next is produced. */
    static final int BATCH = 256;

    /** A request refused with a protocol error code (not a failed statement). */
    static final class Refused extends Exception {
        final String code;

        Refused(String code, String message) {
            super(message);
            this.code = code;
        }
    }

    private final GraphDatabaseAPI db;
    private final NativeProcedures procedures;
    private final boolean proceduresOnly;
    private final QueryExecutionEngine engine;
    private final TransactionalContextFactory contexts;

    Requests(GraphDatabaseAPI db, NativeProcedures procedures, boolean proceduresOnly) {
        this.db = db;
        this.procedures = procedures;
        this.proceduresOnly = proceduresOnly;
        this.engine = db.getDependencyResolver().resolveDependency(QueryExecutionEngine.class);
        this.contexts = Neo4jTransactionalContextFactory.create(db.getDependencyResolver().resolveDependency(GraphDatabaseQueryService.class));
    }

    /** Runs a cypher, procedure or ping request; anything else is refused by kind. */
    void run(Map<String, Object> request, LoginContext login, Call call) throws Exception {
        String kind = String.valueOf(request.get(Messages.KIND));
        switch (kind) {
            case Messages.PING -> {
            }
            case Messages.CYPHER -> {
                if (proceduresOnly) throw new Refused(Messages.FORBIDDEN, "this gateway runs named procedures only (graphperf.gateway.procedures_only=true)");
                Object statement = request.get(Messages.STATEMENT);
                if (!(statement instanceof String text) || text.isBlank()) throw new Refused(Messages.INVALID, "a cypher request needs a 'statement' string");
                Map<String, Object> params = map(request.get(Messages.PARAMS), Messages.PARAMS);
                InternalTransaction tx = db.beginTransaction(KernelTransaction.Type.EXPLICIT, login);
                try (tx) {
                    call.begin(tx);
                    stream(tx, text, params, call);
                    tx.commit();
                } finally {
                    call.end(tx);
                }
            }
            case Messages.PROCEDURE -> {
                Object name = request.get(Messages.NAME);
                if (!(name instanceof String n)) throw new Refused(Messages.INVALID, "a procedure request needs a 'name' string");
                Map<String, Object> args = map(request.get(Messages.ARGS), Messages.ARGS);
                InternalTransaction tx = db.beginTransaction(KernelTransaction.Type.EXPLICIT, login);
                if (!procedures.has(n)) { // any other procedure the database has, through its registry
                    try (tx) {
                        call.begin(tx);
                        try {
                            RegistryProcedures.call(tx, n, args, call);
                        } catch (RegistryProcedures.NotCallable e) {
                            throw new Refused(e.unknown ? Messages.UNKNOWN_PROCEDURE : Messages.INVALID, e.getMessage());
                        }
                        tx.commit();
                    } finally {
                        call.end(tx);
                    }
                    return;
                }
                try (tx) {
                    call.begin(tx);
                    NativeProcedures.Result r;
                    try {
                        r = procedures.call(tx, n, args);
                    } catch (IllegalArgumentException e) {
                        throw new Refused(Messages.INVALID, e.getMessage());
                    }
                    call.columns(r.columns());
                    for (List<Object> row : r.rows()) call.row(row);
                    tx.commit();
                } finally {
                    call.end(tx);
                }
            }
            default -> throw new Refused(Messages.UNKNOWN_KIND, "unknown kind '" + kind + "' (known: hello, cypher, procedure, submit, ping)");
        }
    }

    /**
     * Runs a statement as Bolt does: Cypher hands its own values to a subscriber, {@value #BATCH} records at a time, and each value is
     * encoded into the response as it comes ({@link WireWriter}) — no Java copy of the result is made, and a result that passes a limit
     * stops its query at the next check.
     */
    private void stream(InternalTransaction tx, String text, Map<String, Object> params, Call call) throws Exception {
        MapValue parameters = ValueUtils.asParameterMapValue(params);
        TransactionalContext context = contexts.newContext(tx, text, parameters, QueryExecutionConfiguration.DEFAULT_CONFIG);
        RowSubscriber subscriber = new RowSubscriber(call, tx);
        QueryExecution q;
        try {
            q = engine.executeQuery(text, parameters, context, false, subscriber);
        } catch (QueryExecutionKernelException e) {
            context.close();
            throw e.asUserException();
        }
        boolean done = false;
        try {
            call.columns(List.of(q.fieldNames()));
            boolean remaining;
            do {
                try {
                    q.request(BATCH);
                    remaining = q.await();
                } catch (Exception e) {
                    subscriber.rethrow();
                    throw e;
                }
                subscriber.rethrow();
            } while (remaining);
            done = true;
        } finally {
            if (!done) {
                q.cancel();
                q.awaitCleanup();
            }
            context.close();
        }
    }

    /** Writes each record's fields into the call's row as they arrive; keeps the first failure for the caller. */
    private static final class RowSubscriber implements QuerySubscriber {
        private final Call call;
        private final InternalTransaction tx;
        private WireWriter writer;
        private Throwable failure;
        private int fields;

        RowSubscriber(Call call, InternalTransaction tx) {
            this.call = call;
            this.tx = tx;
        }

        @Override
        public void onResult(int numberOfFields) {
            fields = numberOfFields;
        }

        @Override
        public void onRecord() throws Exception {
            if (failure != null) return;
            try {
                writer = new WireWriter(call.startRow(fields), call::check, tx);
            } catch (Exception e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void onField(int offset, AnyValue value) throws Exception {
            if (failure != null) return;
            try {
                value.writeTo(writer);
            } catch (Exception e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void onRecordCompleted() throws Exception {
            if (failure != null) return;
            try {
                call.endRow();
            } catch (Exception e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void onError(Throwable throwable) {
            if (failure == null) failure = throwable;
        }

        @Override
        public void onResultCompleted(QueryStatistics statistics) {
        }

        void rethrow() throws Exception {
            if (failure instanceof Exception e) throw e;
            if (failure instanceof Error e) throw e;
        }
    }

    /**
     * A submit to the database's batch writer: one write ({@code statement}, {@code params}) or several ({@code writes}: a list of
     * {@code {statement, params}}), acknowledged as {@code ack} asks (durable, the default, or applied). Completes with the response
     * when every write is acknowledged; a multi-write response lists each write's sequence or error, in the order sent. Nothing
     * waits on a thread meanwhile.
     */
    CompletableFuture<Map<String, Object>> submit(Map<String, Object> request) throws Refused {
        if (proceduresOnly) throw new Refused(Messages.FORBIDDEN, "this gateway runs named procedures only (graphperf.gateway.procedures_only=true); a submit carries Cypher");
        BatchWriter.AckMode mode;
        try {
            mode = request.get(Messages.ACK) == null ? BatchWriter.AckMode.DURABLE : BatchWriter.AckMode.parse(String.valueOf(request.get(Messages.ACK)));
        } catch (IllegalArgumentException e) {
            throw new Refused(Messages.INVALID, e.getMessage());
        }
        BatchWriter writer;
        try {
            writer = BatchWriters.require(db.databaseName());
        } catch (RuntimeException e) {
            throw new Refused(Messages.UNAVAILABLE, e.getMessage());
        }
        Map<String, Object> response = new LinkedHashMap<>();
        response.put(Messages.ID, request.get(Messages.ID));
        response.put(Messages.KIND, Messages.SUBMIT);
        response.put(Messages.ACK, mode.label());
        if (request.get(Messages.ROWS) != null || request.get(Messages.COLUMNAR) != null) return submitRows(writer, request, mode, response);
        if (request.get(Messages.WRITES) == null) {
            return submitOne(writer, request, mode).thenApply(seq -> {
                response.put(Messages.SEQUENCE, seq);
                return response;
            });
        }
        if (!(request.get(Messages.WRITES) instanceof List<?> writes) || writes.isEmpty()) throw new Refused(Messages.INVALID, "'writes' must be a non-empty list");
        List<CompletableFuture<Object>> acks = new ArrayList<>(writes.size());
        for (Object w : writes) {
            CompletableFuture<Object> ack;
            try {
                if (!(w instanceof Map<?, ?> write)) throw new Refused(Messages.INVALID, "each of 'writes' must be a map with 'statement' and 'params'");
                @SuppressWarnings("unchecked") Map<String, Object> one = (Map<String, Object>) write;
                ack = submitOne(writer, one, mode).thenApply(seq -> (Object) Map.of(Messages.SEQUENCE, seq))
                        .exceptionally(e -> errorEntry(code(cause(e)), cause(e).getMessage()));
            } catch (Refused e) {
                ack = CompletableFuture.completedFuture(errorEntry(e.code, e.getMessage()));
            }
            acks.add(ack);
        }
        return CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).thenApply(x -> {
            response.put(Messages.ACKS, acks.stream().map(CompletableFuture::join).toList());
            return response;
        });
    }

    /**
     * The compact form of a batch of writes of one statement: {@code columns} (the parameters' names, once) and either {@code rows}
     * (each write's values in that order) or {@code columnar} (each column's values of every write, in order), logged together.
     * Answered once every write is acknowledged: {@code sequences} (each write's place in the log, in the order sent; -1 for a write
     * that failed) and {@code errors} ({index, code, message} of each failed write; absent when none did) — a bad write fails alone.
     */
    private static CompletableFuture<Map<String, Object>> submitRows(BatchWriter writer, Map<String, Object> request, BatchWriter.AckMode mode,
                                                                     Map<String, Object> response) throws Refused {
        if (!(request.get(Messages.STATEMENT) instanceof String statement) || statement.isBlank()) {
            throw new Refused(Messages.INVALID, "a submit needs a 'statement' string");
        }
        String[] columns = request.get(Messages.COLUMNS) instanceof List<?> names ? RowParams.columns(names) : null;
        if (columns == null) throw new Refused(Messages.INVALID, "a compact submit needs 'columns', a list of the parameters' names, each once");
        Map<Integer, Object> errors = new TreeMap<>();
        List<Map<String, Object>> params = request.get(Messages.ROWS) != null ? byRow(request.get(Messages.ROWS), columns, errors)
                : byColumn(request.get(Messages.COLUMNAR), columns);
        int n = params.size();
        List<Map<String, Object>> valid = errors.isEmpty() ? params : params.stream().filter(Objects::nonNull).toList();
        Submitted logged;
        try {
            logged = writer.submitAll(statement, valid, mode);
        } catch (BatchWriter.Rejected e) {
            throw new Refused(Messages.BUSY, e.getMessage());
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        return logged.done().thenApply(x -> {
            if (errors.isEmpty() && logged.allLogged()) {
                // every write logged, in order: their sequences are consecutive, the first says them all
                response.put(Messages.FIRST_SEQUENCE, logged.sequence(0));
                return response;
            }
            List<Long> sequences = new ArrayList<>(n);
            List<Object> failed = new ArrayList<>();
            for (int i = 0, v = 0; i < n; i++) {
                if (params.get(i) == null) {
                    sequences.add(-1L);
                    failed.add(Map.of(Messages.INDEX, (long) i, Messages.CODE, Messages.INVALID, Messages.MESSAGE, errors.get(i)));
                    continue;
                }
                Throwable e = logged.failure(v);
                sequences.add(logged.sequence(v++));
                if (e != null) {
                    failed.add(Map.of(Messages.INDEX, (long) i, Messages.CODE, e instanceof BatchWriter.Rejected ? Messages.BUSY
                            : e instanceof IllegalArgumentException ? Messages.INVALID : code(e), Messages.MESSAGE, String.valueOf(e.getMessage())));
                }
            }
            response.put(Messages.SEQUENCES, sequences);
            if (!failed.isEmpty()) response.put(Messages.ERRORS, failed);
            return response;
        });
    }

    /** The writes of {@code rows} (a list of each write's values): a row of the wrong length fails alone (null, its error in {@code errors}). */
    private static List<Map<String, Object>> byRow(Object rows, String[] columns, Map<Integer, Object> errors) throws Refused {
        if (!(rows instanceof List<?> list) || list.isEmpty()) throw new Refused(Messages.INVALID, "'rows' must be a non-empty list");
        List<Map<String, Object>> params = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof List<?> row) || row.size() != columns.length) {
                errors.put(i, "each of 'rows' must be a list of " + columns.length + " values, one per column");
                params.add(null);
                continue;
            }
            params.add(RowParams.of(columns, row));
        }
        return params;
    }

    /** The writes of {@code columnar} (one list a column, each with every write's value in order): lists of unequal length refuse it whole. */
    private static List<Map<String, Object>> byColumn(Object columnar, String[] columns) throws Refused {
        String shape = "'columnar' must hold one list for each of the " + columns.length + " columns, each with every write's value, all of one length";
        if (!(columnar instanceof List<?> lists) || lists.size() != columns.length || columns.length == 0) throw new Refused(Messages.INVALID, shape);
        List<?>[] values = new List<?>[columns.length];
        for (int c = 0; c < columns.length; c++) {
            if (!(lists.get(c) instanceof List<?> l) || (c > 0 && l.size() != values[0].size())) throw new Refused(Messages.INVALID, shape);
            values[c] = l instanceof RandomAccess ? l : new ArrayList<>(l);
        }
        int n = values[0].size();
        if (n == 0) throw new Refused(Messages.INVALID, "'columnar' holds no write");
        List<Map<String, Object>> params = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Object[] row = new Object[columns.length];
            for (int c = 0; c < row.length; c++) row[c] = values[c].get(i);
            params.add(RowParams.of(columns, row));
        }
        return params;
    }

    /**
     * One write to the writer: a refusal before anything is logged (queue full, bad parameter) is thrown — a multi-write records it
     * for that write and goes on — and a failure after it (the log, a dead letter) fails the returned future.
     */
    private static CompletableFuture<Long> submitOne(BatchWriter writer, Map<String, Object> write, BatchWriter.AckMode mode) throws Refused {
        if (!(write.get(Messages.STATEMENT) instanceof String statement) || statement.isBlank()) {
            throw new Refused(Messages.INVALID, "a submit needs a 'statement' string");
        }
        Map<String, Object> params = map(write.get(Messages.PARAMS), Messages.PARAMS);
        try {
            return writer.submit(statement, params, mode).thenApply(BatchWriter.Ack::sequence);
        } catch (BatchWriter.Rejected e) {
            throw new Refused(Messages.BUSY, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new Refused(Messages.INVALID, e.getMessage());
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static Object errorEntry(String code, String message) {
        return Map.of(Messages.ERROR, Map.of(Messages.CODE, code, Messages.MESSAGE, String.valueOf(message)));
    }

    static Throwable cause(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }

    /** The error code of a failed request: Neo4j's status code for a failed statement, the protocol's own otherwise. */
    static String code(Throwable e) {
        if (e instanceof Refused r) return r.code;
        if (e instanceof BatchWriter.DeadLettered d) return d.code();
        if (e instanceof BatchWriter.Rejected) return Messages.BUSY;
        if (e instanceof QueryExecutionException q) return q.getStatusCode();
        if (e instanceof Status.HasStatus h) return h.status().code().serialize();
        return Messages.FAILED;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object v, String key) throws Refused {
        if (v == null) return Map.of();
        if (v instanceof Map<?, ?> m) return (Map<String, Object>) m;
        throw new Refused(Messages.INVALID, "'" + key + "' must be a map");
    }

    /**
     * A result value as the protocol's values: entities as maps (elementId, labels or type, properties), points as their coordinates, other
     * types as text; nested at most as deep as the protocol allows (a row is already two levels below the response).
     */
    static Object wire(Object v) throws Refused {
        return wire(v, 2);
    }

    private static Object wire(Object v, int depth) throws Refused {
        if (v == null || v instanceof Boolean || v instanceof Long || v instanceof Double || v instanceof String) return v;
        if (depth >= Values.MAX_DEPTH) {
            throw new Refused(Messages.FAILED, "a value of the result nests deeper than " + Values.MAX_DEPTH
                    + " levels, the protocol's limit");
        }
        if (v instanceof Number n) return n instanceof Float || n instanceof Double ? n.doubleValue() : n.longValue();
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object o : l) out.add(wire(o, depth + 1));
            return out;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) out.put(String.valueOf(e.getKey()), wire(e.getValue(), depth + 1));
            return out;
        }
        if (v instanceof Node n) {
            Map<String, Object> out = entity(n, depth);
            List<String> labels = new ArrayList<>();
            n.getLabels().forEach(l -> labels.add(l.name()));
            out.put("labels", labels);
            return out;
        }
        if (v instanceof Relationship r) {
            Map<String, Object> out = entity(r, depth);
            out.put("type", r.getType().name());
            out.put("start", r.getStartNode().getElementId());
            out.put("end", r.getEndNode().getElementId());
            return out;
        }
        if (v instanceof Path p) {
            List<Object> out = new ArrayList<>();
            for (Entity e : p) out.add(wire(e, depth + 1));
            return out;
        }
        if (v instanceof Point p) return wire(p.getCoordinate().getCoordinate(), depth);
        if (v.getClass().isArray()) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < Array.getLength(v); i++) out.add(wire(Array.get(v, i), depth + 1));
            return out;
        }
        return v.toString();
    }

    private static Map<String, Object> entity(Entity e, int depth) throws Refused {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("elementId", e.getElementId());
        out.put("properties", wire(e.getAllProperties(), depth + 1));
        return out;
    }
}
