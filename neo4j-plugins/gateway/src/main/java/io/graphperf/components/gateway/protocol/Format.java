package io.graphperf.components.gateway.protocol;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;

/**
 * How a connection's messages are written, chosen once per connection by the WebSocket subprotocol
 * {@code graphperf.FORMAT}. A message is a map of strings to values: null, boolean, 64-bit integer, double,
 * string, list, map.
 */
public enum Format {
    JSON(new JsonCodec()), BSON(new BsonCodec()), MSGPACK(new MsgpackCodec());

    /** The WebSocket subprotocol that selects this format. */
    public final String subprotocol;
    private final Codec codec;

    Format(Codec codec) {
        this.codec = codec;
        this.subprotocol = "graphperf." + name().toLowerCase(Locale.ROOT);
    }

    public byte[] encode(Map<String, Object> message) throws IOException {
        return codec.encode(message);
    }

    public Map<String, Object> decode(byte[] bytes) throws IOException {
        return codec.decode(bytes);
    }

    /** A response with rows, encoded as they come: it starts with {@code id} and {@code kind}. */
    public RowsEncoder rows(long id, String kind) throws IOException {
        return codec.rows(id, kind);
    }

    public static Format of(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.startsWith("graphperf.")) n = n.substring("graphperf.".length());
        for (Format f : values()) if (f.name().toLowerCase(Locale.ROOT).equals(n)) return f;
        throw new IllegalArgumentException("unknown format '" + name + "' (known: json, bson, msgpack)");
    }

    /** Writes and reads one format. */
    interface Codec {
        byte[] encode(Map<String, Object> message) throws IOException;

        Map<String, Object> decode(byte[] bytes) throws IOException;

        RowsEncoder rows(long id, String kind) throws IOException;
    }
}
