package io.graphperf.components.gateway.server;

import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.neo4j.BatchWriters;
import io.graphperf.components.gateway.protocol.Messages;
import org.neo4j.graphdb.Entity;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Path;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.spatial.Point;
import org.neo4j.internal.kernel.api.security.LoginContext;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.api.exceptions.Status;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Runs one request against the database, as the connection's user, and returns its response message. */
final class Requests {

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

    Requests(GraphDatabaseAPI db, NativeProcedures procedures, boolean proceduresOnly) {
        this.db = db;
        this.procedures = procedures;
        this.proceduresOnly = proceduresOnly;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> run(Map<String, Object> request, LoginContext login) throws Exception {
        String kind = String.valueOf(request.get(Messages.KIND));
        Map<String, Object> response = new LinkedHashMap<>();
        response.put(Messages.ID, request.get(Messages.ID));
        switch (kind) {
            case Messages.PING -> {
            }
            case Messages.CYPHER -> {
                if (proceduresOnly) throw new Refused(Messages.FORBIDDEN, "this gateway runs named procedures only (graphperf.gateway.procedures_only=true)");
                Object statement = request.get(Messages.STATEMENT);
                if (!(statement instanceof String text) || text.isBlank()) throw new Refused(Messages.MALFORMED, "a cypher request needs a 'statement' string");
                Map<String, Object> params = map(request.get(Messages.PARAMS), Messages.PARAMS);
                try (InternalTransaction tx = db.beginTransaction(KernelTransaction.Type.EXPLICIT, login); Result r = tx.execute(text, params)) {
                    List<String> columns = r.columns();
                    List<List<Object>> rows = new ArrayList<>();
                    while (r.hasNext()) {
                        Map<String, Object> m = r.next();
                        List<Object> row = new ArrayList<>(columns.size());
                        for (String c : columns) row.add(wire(m.get(c)));
                        rows.add(row);
                    }
                    r.close();
                    tx.commit();
                    response.put(Messages.COLUMNS, columns);
                    response.put(Messages.ROWS, rows);
                }
            }
            case Messages.PROCEDURE -> {
                Object name = request.get(Messages.NAME);
                if (!(name instanceof String n)) throw new Refused(Messages.MALFORMED, "a procedure request needs a 'name' string");
                if (!procedures.has(n)) throw new Refused(Messages.UNKNOWN_PROCEDURE, "no procedure '" + n + "' (known: " + String.join(", ", procedures.names()) + ")");
                Map<String, Object> args = map(request.get(Messages.ARGS), Messages.ARGS);
                try (InternalTransaction tx = db.beginTransaction(KernelTransaction.Type.EXPLICIT, login)) {
                    NativeProcedures.Result r;
                    try {
                        r = procedures.call(tx, n, args);
                    } catch (IllegalArgumentException e) {
                        throw new Refused(Messages.MALFORMED, e.getMessage());
                    }
                    tx.commit();
                    response.put(Messages.COLUMNS, r.columns());
                    response.put(Messages.ROWS, r.rows());
                }
            }
            default -> throw new Refused(Messages.UNKNOWN_KIND, "unknown kind '" + kind + "' (known: hello, cypher, procedure, submit, ping)");
        }
        return response;
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
            throw new Refused(Messages.MALFORMED, e.getMessage());
        }
        BatchWriter writer;
        try {
            writer = BatchWriters.require(db.databaseName());
        } catch (RuntimeException e) {
            throw new Refused(Messages.UNAVAILABLE, e.getMessage());
        }
        Map<String, Object> response = new LinkedHashMap<>();
        response.put(Messages.ID, request.get(Messages.ID));
        response.put(Messages.ACK, mode.label());
        if (request.get(Messages.WRITES) == null) {
            return submitOne(writer, request, mode).thenApply(seq -> {
                response.put(Messages.SEQUENCE, seq);
                return response;
            });
        }
        if (!(request.get(Messages.WRITES) instanceof List<?> writes) || writes.isEmpty()) throw new Refused(Messages.MALFORMED, "'writes' must be a non-empty list");
        List<CompletableFuture<Object>> acks = new ArrayList<>(writes.size());
        for (Object w : writes) {
            CompletableFuture<Object> ack;
            try {
                if (!(w instanceof Map<?, ?> write)) throw new Refused(Messages.MALFORMED, "each of 'writes' must be a map with 'statement' and 'params'");
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
     * One write to the writer: a refusal before anything is logged (queue full, bad parameter) is thrown — a multi-write records it
     * for that write and goes on — and a failure after it (the log, a dead letter) fails the returned future.
     */
    private static CompletableFuture<Long> submitOne(BatchWriter writer, Map<String, Object> write, BatchWriter.AckMode mode) throws Refused {
        if (!(write.get(Messages.STATEMENT) instanceof String statement) || statement.isBlank()) {
            throw new Refused(Messages.MALFORMED, "a submit needs a 'statement' string");
        }
        Map<String, Object> params = map(write.get(Messages.PARAMS), Messages.PARAMS);
        try {
            return writer.submit(statement, params, mode).thenApply(BatchWriter.Ack::sequence);
        } catch (BatchWriter.Rejected e) {
            throw new Refused(Messages.BUSY, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new Refused(Messages.MALFORMED, e.getMessage());
        } catch (java.io.IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static Object errorEntry(String code, String message) {
        return Map.of(Messages.ERROR, Map.of(Messages.CODE, code, Messages.MESSAGE, String.valueOf(message)));
    }

    static Throwable cause(Throwable e) {
        return e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
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
        throw new Refused(Messages.MALFORMED, "'" + key + "' must be a map");
    }

    /** A result value as the protocol's values: entities as maps (elementId, labels or type, properties), other types as text. */
    static Object wire(Object v) {
        if (v == null || v instanceof Boolean || v instanceof Long || v instanceof Double || v instanceof String) return v;
        if (v instanceof Number n) return n instanceof Float || n instanceof Double ? n.doubleValue() : n.longValue();
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object o : l) out.add(wire(o));
            return out;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), wire(x)));
            return out;
        }
        if (v instanceof Node n) {
            Map<String, Object> out = entity(n);
            List<String> labels = new ArrayList<>();
            n.getLabels().forEach(l -> labels.add(l.name()));
            out.put("labels", labels);
            return out;
        }
        if (v instanceof Relationship r) {
            Map<String, Object> out = entity(r);
            out.put("type", r.getType().name());
            out.put("start", r.getStartNode().getElementId());
            out.put("end", r.getEndNode().getElementId());
            return out;
        }
        if (v instanceof Path p) {
            List<Object> out = new ArrayList<>();
            p.forEach(e -> out.add(wire(e)));
            return out;
        }
        if (v instanceof Point p) return wire(p.getCoordinate().getCoordinate());
        if (v.getClass().isArray()) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) out.add(wire(java.lang.reflect.Array.get(v, i)));
            return out;
        }
        return v.toString();
    }

    private static Map<String, Object> entity(Entity e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("elementId", e.getElementId());
        out.put("properties", wire(e.getAllProperties()));
        return out;
    }
}
