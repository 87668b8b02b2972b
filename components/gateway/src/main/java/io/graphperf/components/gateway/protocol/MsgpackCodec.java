package io.graphperf.components.gateway.protocol;

import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** MessagePack (msgpack-core): a message is a map with string keys. */
final class MsgpackCodec implements Format.Codec {

    @Override
    public byte[] encode(Map<String, Object> message) throws IOException {
        try (MessageBufferPacker p = MessagePack.newDefaultBufferPacker()) {
            write(p, message);
            return p.toByteArray();
        }
    }

    private static void write(MessagePacker p, Object v) throws IOException {
        if (v == null) p.packNil();
        else if (v instanceof Boolean b) p.packBoolean(b);
        else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) p.packLong(((Number) v).longValue());
        else if (v instanceof Number n) p.packDouble(n.doubleValue());
        else if (v instanceof CharSequence s) p.packString(s.toString());
        else if (v instanceof Map<?, ?> m) {
            p.packMapHeader(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                p.packString(String.valueOf(e.getKey()));
                write(p, e.getValue());
            }
        } else if (v instanceof List<?> l) {
            p.packArrayHeader(l.size());
            for (Object o : l) write(p, o);
        } else if (v instanceof Object[] a) write(p, List.of(a));
        else throw new IOException("a value of type " + v.getClass().getSimpleName() + " cannot be sent (null, boolean, number, string, list, map)");
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(byte[] bytes) throws IOException {
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
            Object v = read(u);
            if (!(v instanceof Map)) throw new IOException("a message must be a MessagePack map");
            return (Map<String, Object>) v;
        } catch (MessagePackException e) {
            throw new IOException("not MessagePack: " + e.getMessage(), e);
        }
    }

    private static Object read(MessageUnpacker u) throws IOException {
        return switch (u.getNextFormat().getValueType()) {
            case NIL -> {
                u.unpackNil();
                yield null;
            }
            case BOOLEAN -> u.unpackBoolean();
            case INTEGER -> u.unpackLong();
            case FLOAT -> u.unpackDouble();
            case STRING -> u.unpackString();
            case ARRAY -> {
                int n = u.unpackArrayHeader();
                List<Object> l = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) l.add(read(u));
                yield l;
            }
            case MAP -> {
                int n = u.unpackMapHeader();
                Map<String, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) m.put(String.valueOf(read(u)), read(u));
                yield m;
            }
            default -> throw new IOException("MessagePack type " + u.getNextFormat().getValueType() + " is not part of the protocol");
        };
    }
}
