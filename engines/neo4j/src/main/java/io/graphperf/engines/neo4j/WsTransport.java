package io.graphperf.engines.neo4j;

import io.graphperf.components.gateway.client.GatewayClient;
import io.graphperf.components.gateway.client.Response;
import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.engine.Wire;
import io.graphperf.components.gateway.client.GatewayException;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * graphperf's WebSocket gateway as a transport: {@code ws-FORMAT[-COMPRESSION][-lingerN(us|ms)]} (ws-json, ws-bson-zstd,
 * ws-msgpack-deflate-fast, ws-bson-linger2ms …: see {@link Name}). A statement that names a procedure the gateway has is sent as a procedure request
 * (no Cypher parsing on the server); a call of the batch writer's procedure as a submit; any other as Cypher. One client
 * (a pool of connections) serves every session, as one driver does for Bolt. Each request is one statement in its own
 * transaction; an operation of independent statements ({@link TxMode#EACH}, e.g. batch-writer submits) sends them all at
 * once and waits for every answer. A submit the batch writer refuses because its queue is full ({@code Graphperf.Busy}:
 * nothing was logged) is sent again after a pause, as a driver's retrying transaction retries Neo4j's transient errors
 * — the wait is part of the operation's latency, the refusals are in the writer's metrics — for up to {@link #BUSY_RETRY_FOR}.
 */
final class WsTransport implements Transport {

    /** The batch writer's procedure: its calls go to the gateway as submits (a request each, many in flight). */
    static final String BATCH_SUBMIT = "graphperf.batch.submit";
    /** How long a refused submit is retried before the operation fails with the refusal. */
    static final Duration BUSY_RETRY_FOR = Duration.ofSeconds(30);
    private final GatewayClient client;

    private WsTransport(GatewayClient client) {
        this.client = client;
    }

    /**
     * Connects to the gateway over the transport a name (already read) says; an unreachable gateway is a UserError.
     *
     * @param trust the gateway's TLS certificate (PEM) when it has one, trusted besides the JDK's authorities; null otherwise
     */
    static WsTransport open(TransportName name, URI gateway, int connections, String user, String password, Path trust) {
        String transport = name.id();
        Name n = Name.of(name.gateway().orElseThrow(() -> new IllegalArgumentException("not a gateway transport: " + transport)));
        if (gateway == null) throw new UserError("transport '" + transport + "': the gateway is only reachable where graphperf starts the engine (its engine host runs it); "
                + "with --server use bolt or http");
        try {
            GatewayClient.Options o = GatewayClient.Options.of(gateway, n.format(), n.compression()).withConnections(connections)
                    .withLogin(user, password, null).withTrust(trust);
            if (n.linger() != null) o = o.withCoalescing(n.linger(), o.batchWrites());
            return new WsTransport(GatewayClient.connect(o));
        } catch (Exception e) {
            throw new UserError("cannot use the gateway at " + gateway + " (transport " + transport + "): " + e.getMessage(), e);
        }
    }

    /**
     * A gateway transport's name: {@code ws-FORMAT[-COMPRESSION][-lingerN(us|ms)]}. The linger is how long the client's first gathered
     * submit waits for others to join its message (default: the client's, {@link GatewayClient.Options#LINGER}).
     */
    record Name(Format format, Compression compression, Duration linger) {
        static Name parse(String transport) {
            TransportName.Gateway g;
            try {
                g = TransportName.of(transport).gateway().orElseThrow(() -> new IllegalArgumentException("not a gateway transport"));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage() + " (option --transports)");
            }
            return of(g);
        }

        /** The gateway's parts of a transport's name as the protocol's types. */
        static Name of(TransportName.Gateway g) {
            return new Name(Format.of(g.format()), Compression.of(g.compression()), g.linger().orElse(null));
        }
    }

    @Override
    public Session openSession() {
        return new Session() {
            private Response last;

            @Override
            public void execute(Operation op) throws Exception {
                last = null;
                List<Statement> statements = op.statements();
                if (statements.size() == 1) {
                    last = send(statements.get(0)); // one request is one transaction, whatever the operation's mode
                    return;
                }
                if (op.txMode() != TxMode.EACH) {
                    throw new UnsupportedOperationException("the gateway runs one statement per request, in its own transaction; this operation has "
                            + statements.size() + " statements in one transaction");
                }
                sendAll(statements);
            }

            @Override
            public long serverNanos() {
                return last == null ? -1 : last.serverNanos();
            }

            @Override
            public long clientNanos() {
                return last == null ? -1 : last.encodeNanos() + last.decodeNanos();
            }

            @Override
            public Optional<Wire> wire() {
                return last == null ? Optional.empty() : Optional.of(new Wire(last.sentBytes(), last.sentUncompressedBytes(), last.receivedBytes(), last.receivedUncompressedBytes()));
            }

            @Override
            public List<List<Object>> fetch(Statement st) throws Exception {
                return send(st).rows();
            }
        };
    }

    /**
     * Independent statements: all in flight at once, each answered on its own; a statement refused as busy is sent again (pausing 1 ms,
     * doubling to 50 ms) for up to {@link #BUSY_RETRY_FOR}.
     */
    private void sendAll(List<Statement> statements) throws Exception {
        List<CompletableFuture<Response>> acks = new ArrayList<>(statements.size());
        for (Statement st : statements) acks.add(sendAsync(st));
        // the last sent is most often answered last: waiting for it first wakes this thread once, not once a write
        CompletableFuture<Response> lastSent = acks.get(acks.size() - 1);
        try {
            client.answer(lastSent);
        } catch (Exception e) {
            if (!lastSent.isDone()) throw e; // no answer in time (or interrupted); an answered error is looked at in turn below
        }
        long giveUp = System.nanoTime() + BUSY_RETRY_FOR.toNanos();
        for (int i = 0; i < acks.size(); i++) {
            long pauseMillis = 1;
            while (true) {
                try {
                    client.answer(acks.get(i));
                    break;
                } catch (GatewayException e) {
                    if (!Messages.BUSY.equals(e.code()) || System.nanoTime() > giveUp) throw e;
                    Thread.sleep(pauseMillis);
                    pauseMillis = Math.min(pauseMillis * 2, 50);
                    acks.set(i, sendAsync(statements.get(i)));
                }
            }
        }
    }

    private Response send(Statement st) throws Exception {
        return client.answer(sendAsync(st));
    }

    /** A statement as the gateway's request: a submit for the batch writer's procedure, a procedure request by name, else Cypher. */
    @SuppressWarnings("unchecked")
    private CompletableFuture<Response> sendAsync(Statement st) throws InterruptedException {
        Map<String, Object> p = st.params();
        if (BATCH_SUBMIT.equals(st.procedure())) {
            return client.submitAsync(String.valueOf(p.get("statement")), (Map<String, Object>) p.getOrDefault("params", Map.of()),
                    String.valueOf(p.getOrDefault("ack", "durable")));
        }
        return client.send(st.procedure() != null ? GatewayClient.request(Messages.PROCEDURE, Messages.NAME, st.procedure(), Messages.ARGS, p)
                : GatewayClient.request(Messages.CYPHER, Messages.STATEMENT, st.text(), Messages.PARAMS, p));
    }

    @Override
    public String clientWork() {
        return Session.READS_EVERY_ROW + "; messages decoded (and decompressed) into Java values";
    }

    @Override
    public void close() {
        client.close();
    }
}
