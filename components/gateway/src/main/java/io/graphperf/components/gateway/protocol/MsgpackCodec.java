package io.graphperf.components.gateway.protocol;

import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
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
            Values.write(message, new Values.Sink() {
                public void nil() throws IOException {
                    p.packNil();
                }

                public void bool(boolean b) throws IOException {
                    p.packBoolean(b);
                }

                public void integer(long v) throws IOException {
                    p.packLong(v);
                }

                public void real(double v) throws IOException {
                    p.packDouble(v);
                }

                public void string(String s) throws IOException {
                    p.packString(s);
                }

                public void startMap(int size) throws IOException {
                    p.packMapHeader(size);
                }

                public void key(String k) throws IOException {
                    p.packString(k);
                }

                public void endMap() {
                }

                public void startList(int size) throws IOException {
                    p.packArrayHeader(size);
                }

                public void endList() {
                }
            });
            return p.toByteArray();
        }
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
