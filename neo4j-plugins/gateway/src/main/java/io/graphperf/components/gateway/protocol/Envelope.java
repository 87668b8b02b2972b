package io.graphperf.components.gateway.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * A binary WebSocket message: one byte naming the compression ({@link Compression#code}); if it is not 0, four
 * bytes (big-endian) with the uncompressed length; then the payload in the connection's format. A message smaller
 * than the sender's threshold is sent uncompressed (code 0) whatever compression was asked for.
 */
public final class Envelope {
    private Envelope() {
    }

    /** What encoding cost and produced, for the where-the-time-goes and bytes-on-the-wire figures. */
    public record Encoded(byte[] bytes, int uncompressedBytes) {
    }

    public static Encoded encode(Map<String, Object> message, Format format, Compression compression, int threshold) throws IOException {
        return wrap(format.encode(message), compression, threshold);
    }

    /** The envelope around a payload already encoded in the connection's format. */
    public static Encoded wrap(byte[] payload, Compression compression, int threshold) {
        if (compression == Compression.NONE || payload.length < threshold) {
            byte[] out = new byte[payload.length + 1];
            System.arraycopy(payload, 0, out, 1, payload.length);
            return new Encoded(out, payload.length);
        }
        byte[] packed = compression.compress(payload);
        ByteBuffer b = ByteBuffer.allocate(5 + packed.length);
        b.put((byte) compression.code).putInt(payload.length).put(packed);
        return new Encoded(b.array(), payload.length);
    }

    /** Decodes a message; one that would exceed maxBytes once decompressed is refused before it is decompressed. */
    public static Map<String, Object> decode(byte[] bytes, Format format, int maxBytes) throws IOException {
        if (bytes.length == 0) throw new IOException("an empty message (the first byte names the compression)");
        Compression c = Compression.ofCode(bytes[0] & 0xFF);
        byte[] payload;
        if (c == Compression.NONE) {
            payload = Arrays.copyOfRange(bytes, 1, bytes.length);
        } else {
            if (bytes.length < 5) throw new IOException("a compressed message needs its 4-byte uncompressed length");
            int original = ByteBuffer.wrap(bytes, 1, 4).getInt();
            if (original < 0) throw new IOException("a negative uncompressed length (" + original + ")");
            if (original > maxBytes) throw new TooLarge(original, maxBytes);
            payload = c.decompress(bytes, 5, bytes.length - 5, original);
        }
        return format.decode(payload);
    }

    /** A message larger than the receiver accepts. */
    public static final class TooLarge extends IOException {
        public TooLarge(long bytes, long max) {
            super("a message of " + bytes + " bytes is larger than the limit of " + max + " bytes");
        }
    }
}
