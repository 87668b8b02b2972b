package io.graphperf.components.gateway.server;

import java.io.ByteArrayOutputStream;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionStage;

/** A JDK WebSocket listener that puts a binary message's frames back together and hands on each whole message. */
abstract class WholeMessages implements WebSocket.Listener {

    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

    /** One whole binary message, as it came. */
    abstract void message(byte[] bytes);

    @Override
    public CompletionStage<?> onBinary(WebSocket w, ByteBuffer data, boolean last) {
        byte[] b = new byte[data.remaining()];
        data.get(b);
        partial.writeBytes(b);
        if (last) {
            message(partial.toByteArray());
            partial.reset();
        }
        w.request(1);
        return null;
    }
}
