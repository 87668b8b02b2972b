package io.graphperf.components.gateway.client;

import io.graphperf.components.gateway.protocol.Messages;

import java.util.List;
import java.util.Map;

/**
 * A response with what it cost the client: encode (and compress) and decode (and decompress) time, bytes on the
 * wire each way after compression and before it.
 */
public record Response(Map<String, Object> message, long encodeNanos, long decodeNanos, int sentBytes, int sentUncompressedBytes,
                       int receivedBytes, int receivedUncompressedBytes) {

    @SuppressWarnings("unchecked")
    public List<List<Object>> rows() {
        Object r = message.get(Messages.ROWS);
        return r == null ? List.of() : (List<List<Object>>) r;
    }

    @SuppressWarnings("unchecked")
    public String error() {
        return message.get(Messages.ERROR) instanceof Map<?, ?> e ? String.valueOf(((Map<String, Object>) e).get(Messages.MESSAGE)) : null;
    }

    @SuppressWarnings("unchecked")
    public String errorCode() {
        return message.get(Messages.ERROR) instanceof Map<?, ?> e ? String.valueOf(((Map<String, Object>) e).get(Messages.CODE)) : null;
    }

    /** A submit's sequence in the batch writer's log (-1 when the response has none). */
    public long sequence() {
        return message.get(Messages.SEQUENCE) instanceof Number n ? n.longValue() : -1;
    }

    /** A multi-write submit's answers, one per write in the order sent: {sequence} or {error: {code, message}}. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> acks() {
        Object a = message.get(Messages.ACKS);
        return a == null ? List.of() : (List<Map<String, Object>>) a;
    }

    /** The server's own time for the request, queue wait plus execution, in nanoseconds (0 if it did not say). */
    public long serverNanos() {
        return server(Messages.QUEUE_NANOS) + server(Messages.EXEC_NANOS);
    }

    public long server(String key) {
        return message.get(Messages.SERVER) instanceof Map<?, ?> s && s.get(key) instanceof Number n ? n.longValue() : 0;
    }
}
