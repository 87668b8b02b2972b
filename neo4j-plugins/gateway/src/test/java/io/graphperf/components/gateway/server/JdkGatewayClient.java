package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gateway's protocol spoken over the JDK's own WebSocket client, for the server's tests: hello, then requests by id, many in
 * flight, each answer matched to its request. (graphperf's client, {@code clients/java}, runs on a Netty of its own,
 * which cannot share a JVM with the server's.)
 */
final class JdkGatewayClient implements AutoCloseable {

    /** An answer and its size on the wire, compressed and not. */
    record Reply(Map<String, Object> message, int bytes, int uncompressedBytes) {
        @SuppressWarnings("unchecked")
        List<List<Object>> rows() {
            return message.get(Messages.ROWS) instanceof List<?> r ? (List<List<Object>>) r : List.of();
        }

        long server(String key) {
            return message.get(Messages.SERVER) instanceof Map<?, ?> s && s.get(key) instanceof Number n ? n.longValue() : 0;
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> acks() {
            return message.get(Messages.ACKS) instanceof List<?> a ? (List<Map<String, Object>>) a : List.of();
        }
    }

    /** An error answer: its code and message. */
    static final class Refused extends Exception {
        final String code;

        Refused(String code, String message) {
            super(code + ": " + message);
            this.code = code;
        }
    }

    private final Format format;
    private final Compression compression;
    private final Map<Long, CompletableFuture<Reply>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private WebSocket ws;

    private JdkGatewayClient(Format format, Compression compression) {
        this.format = format;
        this.compression = compression;
    }

    /** Connects and says hello with {@code login} (token, user, password: any of them); a refused hello is thrown. */
    static JdkGatewayClient connect(URI uri, Format format, Compression compression, Map<String, Object> login, SSLContext tls) throws Exception {
        JdkGatewayClient c = new JdkGatewayClient(format, compression);
        HttpClient.Builder http = HttpClient.newBuilder();
        if (tls != null) http.sslContext(tls);
        c.ws = http.build().newWebSocketBuilder().subprotocols(format.subprotocol).buildAsync(uri, c.listener()).get(60, TimeUnit.SECONDS);
        Map<String, Object> hello = new LinkedHashMap<>(login);
        hello.put(Messages.KIND, Messages.HELLO);
        hello.put(Messages.COMPRESSION, compression.label());
        hello.put(Messages.THRESHOLD, 64);
        try {
            c.call(hello);
        } catch (Exception e) {
            c.close();
            throw e;
        }
        return c;
    }

    static JdkGatewayClient connect(URI uri, Format format, Compression compression) throws Exception {
        return connect(uri, format, compression, Map.of(), null);
    }

    /** A TLS context that trusts the PEM certificate in {@code certificate}. */
    static SSLContext trusting(Path certificate) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream in = Files.newInputStream(certificate)) {
            store.setCertificateEntry("gateway", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        return ssl;
    }

    private WebSocket.Listener listener() {
        return new WholeMessages() {
            @Override
            void message(byte[] bytes) {
                received(bytes);
            }

            @Override
            public CompletionStage<?> onClose(WebSocket w, int status, String reason) {
                failAll(new IllegalStateException("the gateway closed the connection: " + status + " " + reason));
                return null;
            }

            @Override
            public void onError(WebSocket w, Throwable error) {
                failAll(error);
            }
        };
    }

    private void received(byte[] bytes) {
        Map<String, Object> message;
        try {
            message = Envelope.decode(bytes, format, Integer.MAX_VALUE - 8);
        } catch (Exception e) {
            failAll(e);
            return;
        }
        int uncompressed = bytes.length >= 5 && bytes[0] != 0 ? ByteBuffer.wrap(bytes, 1, 4).getInt() : bytes.length - 1;
        CompletableFuture<Reply> f = message.get(Messages.ID) instanceof Number n ? pending.remove(n.longValue()) : null;
        if (f != null) f.complete(new Reply(message, bytes.length, uncompressed));
    }

    private void failAll(Throwable t) {
        for (Long id : pending.keySet()) {
            CompletableFuture<Reply> f = pending.remove(id);
            if (f != null) f.completeExceptionally(t);
        }
    }

    /** Sends {@code request} under a new id; the future completes with its answer, error or not. */
    synchronized CompletableFuture<Reply> send(Map<String, Object> request) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>(request);
        long id = ids.incrementAndGet();
        m.put(Messages.ID, id);
        CompletableFuture<Reply> f = new CompletableFuture<>();
        pending.put(id, f);
        ws.sendBinary(ByteBuffer.wrap(Envelope.encode(m, format, compression, 64).bytes()), true).get(60, TimeUnit.SECONDS);
        return f;
    }

    /** The answer to {@code request} within 60 s; an error answer is thrown as {@link Refused}. */
    Reply call(Map<String, Object> request) throws Exception {
        return answer(send(request));
    }

    static Reply answer(CompletableFuture<Reply> sent) throws Exception {
        Reply r = sent.get(60, TimeUnit.SECONDS);
        if (r.message().get(Messages.ERROR) instanceof Map<?, ?> e) throw new Refused(String.valueOf(e.get(Messages.CODE)), String.valueOf(e.get(Messages.MESSAGE)));
        return r;
    }

    Reply cypher(String statement, Map<String, Object> params) throws Exception {
        return call(Map.of(Messages.KIND, Messages.CYPHER, Messages.STATEMENT, statement, Messages.PARAMS, params));
    }

    Reply procedure(String name, Map<String, Object> args) throws Exception {
        return call(Map.of(Messages.KIND, Messages.PROCEDURE, Messages.NAME, name, Messages.ARGS, args));
    }

    CompletableFuture<Reply> submitAsync(String statement, Map<String, Object> params, String ack) throws Exception {
        return send(Map.of(Messages.KIND, Messages.SUBMIT, Messages.STATEMENT, statement, Messages.PARAMS, params, Messages.ACK, ack));
    }

    Reply submit(String statement, Map<String, Object> params, String ack) throws Exception {
        return answer(submitAsync(statement, params, ack));
    }

    Reply submitAll(List<Map<String, Object>> writes, String ack) throws Exception {
        return call(Map.of(Messages.KIND, Messages.SUBMIT, Messages.WRITES, writes, Messages.ACK, ack));
    }

    @Override
    public void close() {
        if (ws != null) ws.abort();
    }
}
