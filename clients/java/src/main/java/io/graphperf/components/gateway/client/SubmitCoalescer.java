package io.graphperf.components.gateway.client;

import io.graphperf.components.gateway.protocol.Messages;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Gathers the submits of every thread of one client into one message per statement, parameter names and acknowledgement mode, the
 * way a Kafka producer batches records: a batch is sent when it holds {@code maxWrites} writes, or {@code linger} after its first write
 * (with a linger of 0, at once — what gathers while the sender is busy with the previous message goes together). A batch goes in the
 * gateway's compact form (the statement and the parameters' names once, then each parameter's values of every write); each write
 * keeps its own future and its own outcome: acknowledged with its sequence, or its own error (Graphperf.Busy for a write the queue could not take) while
 * the others of its batch go on. One sender thread encodes and sends; it waits when the connections' pipelines are full, so
 * submits gather into larger batches instead of more messages.
 */
final class SubmitCoalescer implements AutoCloseable {

    /** Sends a request and completes with its response (GatewayClient.send). */
    interface Sender {
        CompletableFuture<Response> send(Map<String, Object> request) throws InterruptedException;
    }

    /**
     * What writes must share to go in one message: the statement, the acknowledgement and the parameters' names (in the order their
     * values are sent). Its hash is computed once: a shape is looked up once a write.
     */
    private static final class Shape {
        final String statement;
        final String ack;
        final List<String> columns;
        private final int hash;

        Shape(String statement, String ack, List<String> columns) {
            this.statement = statement;
            this.ack = ack;
            this.columns = columns;
            this.hash = Objects.hash(statement, ack, columns);
        }

        /** Whether a write of these would have this shape (the same parameters' names, in any order: values are taken by name). */
        boolean fits(String statement, Map<String, Object> params, String ack) {
            if (!Objects.equals(this.statement, statement) || !Objects.equals(this.ack, ack) || params.size() != columns.size()) return false;
            for (int c = 0; c < columns.size(); c++) if (!params.containsKey(columns.get(c))) return false;
            return true;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Shape s && hash == s.hash && Objects.equals(statement, s.statement) && Objects.equals(ack, s.ack)
                    && columns.equals(s.columns);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * The writes of one shape gathered for one message, column by column: each column's values of every write, in order (sent as
     * {@code columnar}: one list a column instead of one a write, which costs less to encode and decode — 15 against 54 ns a write
     * to encode a one-column batch in BSON, 16 against 40 to decode: bench/submit-encoding.sh). A statement without parameters has
     * no column to count its writes: those go as {@code rows} of no value.
     */
    private static final class Batch {
        final Shape shape;
        final long firstNanos;
        final List<List<Object>> columns;
        final List<CompletableFuture<Response>> futures = new ArrayList<>();
        long bytes;

        Batch(Shape shape, long firstNanos) {
            this.shape = shape;
            this.firstNanos = firstNanos;
            this.columns = new ArrayList<>(shape.columns.size());
            for (int c = 0; c < shape.columns.size(); c++) columns.add(new ArrayList<>());
        }

        int writes() {
            return futures.size();
        }

        void add(List<String> names, Map<String, Object> params) {
            for (int c = 0; c < names.size(); c++) columns.get(c).add(params.get(names.get(c)));
        }
    }

    private final Sender sender;
    private final long lingerNanos;
    private final int maxWrites;
    private final Map<Shape, Batch> open = new LinkedHashMap<>(); // oldest first
    private final ArrayDeque<Batch> full = new ArrayDeque<>();
    private final Thread thread;
    /** The last write's shape, reused by the next write that fits it (most writes of a client share one). */
    private volatile Shape lastShape;
    private boolean closed;
    /** A message's bound in encoded bytes, as estimated ({@link #size}): half the gateway's max_message_bytes once its hello said it. */
    private volatile long maxBytes = 1 << 20;

    SubmitCoalescer(Sender sender, long lingerNanos, int maxWrites) {
        if (lingerNanos < 0 || maxWrites < 1) throw new IllegalArgumentException("linger must be at least 0 and the batch at least 1 write");
        this.sender = sender;
        this.lingerNanos = lingerNanos;
        this.maxWrites = maxWrites;
        this.thread = new Thread(this::sendLoop, "graphperf-gateway-submits");
        thread.setDaemon(true);
        thread.start();
    }

    /** Bounds each message's estimated size (the gateway closes a connection that sends one above its max_message_bytes). */
    void maxBytes(long bytes) {
        maxBytes = Math.max(1024, bytes);
    }

    /** Adds one write to its batch; the future completes with its own acknowledgement or error response. */
    CompletableFuture<Response> submit(String statement, Map<String, Object> params, String ack) {
        Shape shape = shape(statement, params, ack);
        List<String> columns = shape.columns;
        long rowBytes = 8;
        for (int c = 0; c < columns.size(); c++) rowBytes += size(params.get(columns.get(c)));
        CompletableFuture<Response> f = new CompletableFuture<>();
        synchronized (this) {
            if (closed) {
                f.completeExceptionally(new GatewayException(Messages.FAILED, "the client is closed"));
                return f;
            }
            Batch b = open.get(shape);
            if (b != null && b.writes() > 0 && b.bytes + rowBytes > maxBytes) { // this write would make the message too large
                open.remove(shape);
                full.add(b);
                notifyAll();
                b = null;
            }
            if (b == null) {
                b = new Batch(shape, System.nanoTime());
                b.bytes = size(statement) + size(columns) + 64;
                open.put(shape, b);
                if (open.size() == 1) notifyAll();
            }
            b.add(columns, params);
            b.futures.add(f);
            b.bytes += rowBytes;
            if (b.writes() >= maxWrites || b.bytes >= maxBytes) {
                open.remove(shape);
                full.add(b);
                notifyAll();
            }
        }
        return f;
    }

    private Shape shape(String statement, Map<String, Object> params, String ack) {
        Shape last = lastShape;
        if (last != null && last.fits(statement, params, ack)) return last;
        Shape shape = new Shape(statement, ack, List.copyOf(params.keySet()));
        lastShape = shape;
        return shape;
    }

    /** A value's size when encoded, estimated from above (a string's characters as up to 3 bytes each in UTF-8, 9 bytes a scalar). */
    static long size(Object v) {
        if (v instanceof String str) return 8L + 3L * str.length();
        if (v == null || v instanceof Number || v instanceof Boolean) return 9; // before the interfaces' tests (Values.write says why)
        if (v instanceof Map<?, ?> m) {
            long n = 8;
            for (Map.Entry<?, ?> e : m.entrySet()) n += size(String.valueOf(e.getKey())) + size(e.getValue());
            return n;
        }
        if (v instanceof List<?> l) {
            long n = 8;
            for (Object x : l) n += size(x);
            return n;
        }
        if (v instanceof byte[] b) return 8L + b.length;
        return 9;
    }

    private void sendLoop() {
        while (true) {
            Batch b;
            try {
                b = next();
            } catch (InterruptedException e) {
                failOpen(new GatewayException(Messages.FAILED, "the client is closed"));
                return;
            }
            if (b == null) return;
            dispatch(b);
        }
    }

    /** The next batch to send: a full one, else the oldest once its linger has passed (every one at once when closing); null when closed and empty. */
    private synchronized Batch next() throws InterruptedException {
        while (true) {
            if (!full.isEmpty()) return full.poll();
            if (open.isEmpty()) {
                if (closed) return null;
                wait();
                continue;
            }
            Iterator<Batch> oldest = open.values().iterator();
            Batch b = oldest.next();
            long due = b.firstNanos + lingerNanos - System.nanoTime();
            if (due <= 0 || closed) {
                oldest.remove();
                return b;
            }
            wait(due / 1_000_000, (int) (due % 1_000_000));
        }
    }

    private void dispatch(Batch b) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put(Messages.KIND, Messages.SUBMIT);
        request.put(Messages.STATEMENT, b.shape.statement);
        request.put(Messages.COLUMNS, b.shape.columns);
        if (b.columns.isEmpty()) request.put(Messages.ROWS, Collections.nCopies(b.writes(), List.of()));
        else request.put(Messages.COLUMNAR, b.columns);
        request.put(Messages.ACK, b.shape.ack);
        CompletableFuture<Response> sent;
        try {
            sent = sender.send(request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(b, new GatewayException(Messages.FAILED, "interrupted while sending"));
            return;
        } catch (RuntimeException e) {
            fail(b, e);
            return;
        }
        sent.whenComplete((r, err) -> {
            if (err != null) {
                fail(b, err);
                return;
            }
            try {
                complete(b, r);
            } catch (RuntimeException e) { // an answer this client cannot read: every write of it not yet completed fails with why
                fail(b, e);
            }
        });
    }

    /**
     * Each write's own response from the batch's: its sequence, or its error; the batch's costs shared out evenly. A write's message is
     * a read-only {@link WriteAnswer} (this runs on the connection's I/O thread, once per write acknowledged).
     */
    @SuppressWarnings("unchecked")
    static void complete(Batch b, Response r) {
        int n = b.futures.size();
        Map<String, Object> message = r.message();
        Object server = message.get(Messages.SERVER);
        Object refused = r.error() != null ? message.get(Messages.ERROR) : null; // the whole message refused: every write of it
        Map<Integer, Object> errors = new HashMap<>();
        if (message.get(Messages.ERRORS) instanceof List<?> es) {
            for (Object e : es) if (e instanceof Map<?, ?> m && m.get(Messages.INDEX) instanceof Number i) errors.put(i.intValue(), m);
        }
        List<Object> sequences = message.get(Messages.SEQUENCES) instanceof List<?> s ? (List<Object>) s : null;
        // every write acknowledged: the server names the first sequence, the others follow on
        long first = message.get(Messages.FIRST_SEQUENCE) instanceof Number f ? f.longValue() : -1;
        String ack = b.shape.ack;
        for (int i = 0; i < n; i++) {
            Object error = refused;
            long sequence = -1;
            if (refused == null) {
                if (!errors.isEmpty() && errors.get(i) instanceof Map<?, ?> e) {
                    error = Map.of(Messages.CODE, String.valueOf(e.get(Messages.CODE)), Messages.MESSAGE, String.valueOf(e.get(Messages.MESSAGE)));
                } else if (first >= 0) {
                    sequence = first + i;
                } else if (sequences != null && i < sequences.size() && sequences.get(i) instanceof Number seq) {
                    sequence = seq.longValue();
                } else {
                    error = Map.of(Messages.CODE, Messages.FAILED, Messages.MESSAGE, "the gateway's answer has no sequence for this write");
                }
            }
            Map<String, Object> m = new WriteAnswer(ack, error != null ? Messages.ERROR : Messages.SEQUENCE, error != null ? error : sequence, server);
            b.futures.get(i).complete(new Response(m, r.encodeNanos() / n, r.decodeNanos() / n, r.sentBytes() / n, r.sentUncompressedBytes() / n,
                    r.receivedBytes() / n, r.receivedUncompressedBytes() / n));
        }
    }

    private static void fail(Batch b, Throwable e) {
        for (CompletableFuture<Response> f : b.futures) f.completeExceptionally(e);
    }

    private synchronized void failOpen(Exception e) {
        for (Batch b : full) fail(b, e);
        for (Batch b : open.values()) fail(b, e);
        full.clear();
        open.clear();
    }

    /** Sends what is gathered (without waiting for linger), then stops the sender. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            thread.interrupt();
            failOpen(new GatewayException(Messages.FAILED, "the client is closed"));
        }
    }
}
