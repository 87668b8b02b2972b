package io.graphperf.components.gateway.client;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A client of graphperf's WebSocket gateway: a pool of {@code connections} connections, requests spread over them
 * round-robin, at most {@code pipelining} requests in flight on each (a caller beyond that waits). Thread-safe:
 * many client threads share one GatewayClient, as an application shares a driver.
 */
public final class GatewayClient implements AutoCloseable {

    /**
     * @param uri          ws://host:port/graphperf (wss:// for TLS)
     * @param threshold    messages smaller than this many bytes are sent uncompressed
     * @param trust        wss://: a PEM certificate (or chain) to trust besides the JDK's, e.g. the gateway's self-signed one; null for none
     * @param linger       how long a submit may wait for others to join its message ({@link #submitAsync}); 0: none (what gathers while
     *                     the previous message is being sent still goes together)
     * @param batchWrites  at most this many submits in one message; 1: each submit its own message, as the gateway's single form
     */
    public record Options(URI uri, Format format, Compression compression, int threshold, int connections, int pipelining,
                          Login login, long timeoutMillis, Path trust, Duration linger, int batchWrites) {
        /** The defaults of submits' coalescing: see docs/gateway.md ("Coalescing client") for how they were chosen. */
        public static final Duration LINGER = Duration.ZERO;
        public static final int BATCH_WRITES = 1000;

        public Options {
            if (connections < 1 || pipelining < 1) throw new IllegalArgumentException("connections and pipelining must be at least 1");
            if (linger.isNegative() || batchWrites < 1) throw new IllegalArgumentException("linger must be at least 0 and batchWrites at least 1");
        }

        public static Options of(URI uri, Format format, Compression compression) {
            return new Options(uri, format, compression, 512, 1, 64, Login.NONE, 60_000, null, LINGER, BATCH_WRITES);
        }

        public Options withConnections(int n) {
            return new Options(uri, format, compression, threshold, n, pipelining, login, timeoutMillis, trust, linger, batchWrites);
        }

        public Options withLogin(String user, String password, String token) {
            return new Options(uri, format, compression, threshold, connections, pipelining, new Login(user, password, token), timeoutMillis, trust, linger,
                    batchWrites);
        }

        public Options withTrust(Path certificate) {
            return new Options(uri, format, compression, threshold, connections, pipelining, login, timeoutMillis, certificate, linger, batchWrites);
        }

        /** Submits' coalescing: {@code batchWrites} 1 turns it off. */
        public Options withCoalescing(Duration linger, int batchWrites) {
            return new Options(uri, format, compression, threshold, connections, pipelining, login, timeoutMillis, trust, linger, batchWrites);
        }
    }

    /** Who the client says it is in its hello: a user and password, or a token; none of them when the gateway asks for none. */
    public record Login(String user, String password, String token) {
        static final Login NONE = new Login(null, null, null);
    }

    private final Options options;
    private final EventLoopGroup group;
    private final List<GatewayConnection> connections = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private final SubmitCoalescer submits;
    /** The hello answer's bound on a request's size. */
    private static final String MAX_MESSAGE_BYTES = "maxMessageBytes";

    private GatewayClient(Options options) {
        this.options = options;
        this.submits = options.batchWrites() > 1 ? new SubmitCoalescer(this::send, options.linger().toNanos(), options.batchWrites()) : null;
        this.group = new MultiThreadIoEventLoopGroup(Math.min(options.connections(), Math.max(1, Runtime.getRuntime().availableProcessors())),
                new DefaultThreadFactory("graphperf-gateway-client", true), NioIoHandler.newFactory());
    }

    /** Connects every connection and says hello on each; fails with the gateway's answer (a wrong password …). */
    public static GatewayClient connect(Options options) throws Exception {
        GatewayClient c = new GatewayClient(options);
        try {
            for (int i = 0; i < options.connections(); i++) c.connections.add(GatewayConnection.open(c.group, options));
            Map<String, Object> hello = new LinkedHashMap<>();
            hello.put(Messages.KIND, Messages.HELLO);
            Login login = options.login();
            if (login.token() != null) hello.put(Messages.TOKEN, login.token());
            if (login.user() != null) hello.put(Messages.USER, login.user());
            if (login.password() != null) hello.put(Messages.PASSWORD, login.password());
            hello.put(Messages.COMPRESSION, options.compression().label());
            hello.put(Messages.THRESHOLD, options.threshold());
            for (GatewayConnection conn : c.connections) {
                Response r = c.await(conn.send(new LinkedHashMap<>(hello)));
                if (r.error() != null) throw new GatewayException(r.errorCode(), "the gateway refused the login: " + r.error());
                if (c.submits != null && r.message().get(MAX_MESSAGE_BYTES) instanceof Number max) c.submits.maxBytes(max.longValue() / 2);
            }
            return c;
        } catch (Exception e) {
            c.close();
            throw e;
        }
    }

    /** Sends a request (an id is added) on the next connection; completes with the response or fails when the connection does. */
    public CompletableFuture<Response> send(Map<String, Object> request) throws InterruptedException {
        GatewayConnection conn = connections.get(Math.floorMod(next.getAndIncrement(), connections.size()));
        return conn.send(request);
    }

    /** Sends and waits; an error response is thrown as a {@link GatewayException} with its code. */
    public Response call(Map<String, Object> request) throws Exception {
        return answer(send(request));
    }

    /** Waits for a response sent earlier (up to the client's timeout); an error response is thrown as a {@link GatewayException} with its code. */
    public Response answer(CompletableFuture<Response> sent) throws Exception {
        Response r = await(sent);
        if (r.error() != null) throw new GatewayException(r.errorCode(), r.error());
        return r;
    }

    public Response cypher(String statement, Map<String, Object> params) throws Exception {
        return call(request(Messages.CYPHER, Messages.STATEMENT, statement, Messages.PARAMS, params));
    }

    public Response procedure(String name, Map<String, Object> args) throws Exception {
        return call(request(Messages.PROCEDURE, Messages.NAME, name, Messages.ARGS, args));
    }

    /**
     * Sends one write to the database's batch writer without waiting: the future completes with its own acknowledgement ({@code ack}:
     * "durable" or "applied"), its sequence in {@link Response#sequence()}, or its own error response (e.g. Graphperf.Busy: retry later).
     * Thread-safe; the submits of every thread of this client gather into one message per statement, parameter names and {@code ack}
     * ({@link Options#linger()}, {@link Options#batchWrites()}), each write still acknowledged or failed alone.
     */
    public CompletableFuture<Response> submitAsync(String statement, Map<String, Object> params, String ack) throws InterruptedException {
        if (submits != null) return submits.submit(statement, params, ack);
        Map<String, Object> m = request(Messages.SUBMIT, Messages.STATEMENT, statement, Messages.PARAMS, params);
        m.put(Messages.ACK, ack);
        return send(m);
    }

    /** One write to the batch writer, waiting for its acknowledgement. */
    public Response submit(String statement, Map<String, Object> params, String ack) throws Exception {
        return answer(submitAsync(statement, params, ack));
    }

    /** Several writes ({statement, params} maps) in one message; the response lists each one's sequence or error ({@link Response#acks()}). */
    public Response submitAll(List<Map<String, Object>> writes, String ack) throws Exception {
        return call(request(Messages.SUBMIT, Messages.WRITES, writes, Messages.ACK, ack));
    }

    /** A request of the given kind with two fields (a mutable map: {@link #send} adds the id). */
    public static Map<String, Object> request(String kind, String key1, Object value1, String key2, Object value2) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Messages.KIND, kind);
        m.put(key1, value1);
        m.put(key2, value2);
        return m;
    }

    private Response await(CompletableFuture<Response> f) throws Exception {
        try {
            return f.get(options.timeoutMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        } catch (TimeoutException e) {
            throw new GatewayException(Messages.FAILED, "no response within " + options.timeoutMillis() + " ms");
        }
    }

    @Override
    public void close() {
        if (submits != null) submits.close();
        for (GatewayConnection c : connections) c.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
