package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Format;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/** A bare WebSocket connection (the JDK's) that sends whatever bytes a test asks for and hands back each message as it came. */
record RawSocket(WebSocket ws, Format format, LinkedBlockingQueue<byte[]> received) implements AutoCloseable {

    static RawSocket open(URI uri, Format format) throws Exception {
        LinkedBlockingQueue<byte[]> q = new LinkedBlockingQueue<>();
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(format.subprotocol)
                .buildAsync(uri, new WholeMessages() {
                    @Override
                    void message(byte[] bytes) {
                        q.add(bytes);
                    }
                }).get(60, TimeUnit.SECONDS);
        return new RawSocket(ws, format, q);
    }

    void send(Map<String, Object> message) throws Exception {
        sendBytes(Envelope.encode(message, format, Compression.NONE, 0).bytes());
    }

    void sendBytes(byte[] bytes) throws Exception {
        ws.sendBinary(ByteBuffer.wrap(bytes), true).get(60, TimeUnit.SECONDS);
    }

    Map<String, Object> receive() throws Exception {
        return Envelope.decode(receiveBytes(), format, Integer.MAX_VALUE - 8);
    }

    /** The next message as it came, envelope and all (within 30 s). */
    byte[] receiveBytes() throws Exception {
        byte[] b = received.poll(30, TimeUnit.SECONDS);
        assertNotNull(b, "a response within 30 s");
        return b;
    }

    @Override
    public void close() {
        ws.abort();
    }
}
