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

/** MessagePack (msgpack-core): a message is a map with string keys, nested at most {@link Values#MAX_DEPTH} deep. */
final class MsgpackCodec implements Format.Codec {

    @Override
    public byte[] encode(Map<String, Object> message) throws IOException {
        try (MessageBufferPacker p = MessagePack.newDefaultBufferPacker()) {
            Values.write(message, sink(p));
            return p.toByteArray();
        }
    }

    /** The rows go to a packer of their own, counted: a MessagePack array names its length before its elements. */
    @Override
    public RowsEncoder rows(long id, String kind) throws IOException {
        MessageBufferPacker head = MessagePack.newDefaultBufferPacker(), rows = MessagePack.newDefaultBufferPacker();
        head.packMapHeader(5);
        head.packString(Messages.ID).packLong(id);
        head.packString(Messages.KIND).packString(kind);
        Values.Sink rowSink = sink(rows);
        return new RowsEncoder() {
            private int count;

            @Override
            public void columns(List<String> columns) throws IOException {
                head.packString(Messages.COLUMNS);
                Values.write(columns, MsgpackCodec.sink(head), 1);
            }

            @Override
            public void startRow(int columns) throws IOException {
                rows.packArrayHeader(columns);
                count++;
            }

            @Override
            public Values.Sink sink() {
                return rowSink;
            }

            @Override
            public void endRow() {
            }

            @Override
            public long size() {
                return head.getTotalWrittenBytes() + rows.getTotalWrittenBytes();
            }

            @Override
            public byte[] finish(Map<String, Object> server) throws IOException {
                head.packString(Messages.ROWS).packArrayHeader(count);
                head.writePayload(rows.toByteArray());
                rows.close();
                head.packString(Messages.SERVER);
                Values.write(server, MsgpackCodec.sink(head), 1);
                byte[] out = head.toByteArray();
                head.close();
                return out;
            }
        };
    }

    private static Values.Sink sink(MessagePacker p) {
        return new Values.Sink() {
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
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(byte[] bytes) throws IOException {
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
            Object v = read(u, 0);
            if (!(v instanceof Map)) throw new IOException("a message must be a MessagePack map");
            if (u.hasNext()) throw new IOException("MessagePack: bytes after the message's map");
            return (Map<String, Object>) v;
        } catch (MessagePackException e) {
            throw new IOException("not MessagePack: " + e.getMessage(), e);
        }
    }

    private static Object read(MessageUnpacker u, int depth) throws IOException {
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
                if (depth >= Values.MAX_DEPTH) throw Values.tooDeep("MessagePack");
                int n = u.unpackArrayHeader();
                List<Object> l = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) l.add(read(u, depth + 1));
                yield l;
            }
            case MAP -> {
                if (depth >= Values.MAX_DEPTH) throw Values.tooDeep("MessagePack");
                int n = u.unpackMapHeader();
                Map<String, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    if (!(read(u, depth + 1) instanceof String k)) throw new IOException("MessagePack: a map key that is not a string");
                    m.put(k, read(u, depth + 1));
                }
                yield m;
            }
            default -> throw new IOException("MessagePack type " + u.getNextFormat().getValueType() + " is not part of the protocol");
        };
    }
}
