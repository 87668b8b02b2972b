package io.graphperf.components.gateway.protocol;

import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonType;
import org.bson.io.BasicOutputBuffer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BSON (org.mongodb:bson) written and read value by value, without its document classes: a message is one document, a list an array,
 * nested at most {@link Values#MAX_DEPTH} deep; nothing may follow the document.
 */
final class BsonCodec implements Format.Codec {

    @Override
    public byte[] encode(Map<String, Object> message) throws IOException {
        BasicOutputBuffer out = new BasicOutputBuffer();
        try (BsonBinaryWriter w = new BsonBinaryWriter(out)) {
            Values.write(message, sink(w));
        }
        return out.toByteArray();
    }

    /** Written straight into the document: BSON backpatches lengths, so rows need no count ahead. */
    @Override
    public RowsEncoder rows(long id, String kind) {
        BasicOutputBuffer out = new BasicOutputBuffer();
        BsonBinaryWriter w = new BsonBinaryWriter(out);
        Values.Sink sink = sink(w);
        w.writeStartDocument();
        w.writeInt64(Messages.ID, id);
        w.writeString(Messages.KIND, kind);
        return new RowsEncoder() {
            @Override
            public void columns(List<String> columns) throws IOException {
                w.writeName(Messages.COLUMNS);
                Values.write(columns, sink, 1);
                w.writeName(Messages.ROWS);
                w.writeStartArray();
            }

            @Override
            public void startRow(int columns) {
                w.writeStartArray();
            }

            @Override
            public Values.Sink sink() {
                return sink;
            }

            @Override
            public void endRow() {
                w.writeEndArray();
            }

            @Override
            public long size() {
                return out.getPosition();
            }

            @Override
            public byte[] finish(Map<String, Object> server) throws IOException {
                w.writeEndArray();
                w.writeName(Messages.SERVER);
                Values.write(server, sink, 1);
                w.writeEndDocument();
                w.close();
                return out.toByteArray();
            }
        };
    }

    private static Values.Sink sink(BsonBinaryWriter w) {
        return new Values.Sink() {
            public void nil() {
                w.writeNull();
            }

            public void bool(boolean b) {
                w.writeBoolean(b);
            }

            public void integer(long v) {
                w.writeInt64(v);
            }

            public void real(double v) {
                w.writeDouble(v);
            }

            public void string(String s) {
                w.writeString(s);
            }

            public void startMap(int size) {
                w.writeStartDocument();
            }

            public void key(String k) {
                w.writeName(k);
            }

            public void endMap() {
                w.writeEndDocument();
            }

            public void startList(int size) {
                w.writeStartArray();
            }

            public void endList() {
                w.writeEndArray();
            }
        };
    }

    @Override
    public Map<String, Object> decode(byte[] bytes) throws IOException {
        try (BsonBinaryReader r = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
            Map<String, Object> m = readDocument(r, 0);
            if (r.getBsonInput().hasRemaining()) throw new IOException("BSON: bytes after the document");
            return m;
        } catch (org.bson.BsonSerializationException | org.bson.BsonInvalidOperationException e) {
            throw new IOException("not a BSON document: " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> readDocument(BsonBinaryReader r, int depth) throws IOException {
        if (depth >= Values.MAX_DEPTH) throw Values.tooDeep("BSON");
        Map<String, Object> m = new LinkedHashMap<>();
        r.readStartDocument();
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = r.readName();
            m.put(name, read(r, depth + 1));
        }
        r.readEndDocument();
        return m;
    }

    private static Object read(BsonBinaryReader r, int depth) throws IOException {
        return switch (r.getCurrentBsonType()) {
            case NULL -> {
                r.readNull();
                yield null;
            }
            case BOOLEAN -> r.readBoolean();
            case INT32 -> (long) r.readInt32();
            case INT64 -> r.readInt64();
            case DOUBLE -> r.readDouble();
            case STRING -> r.readString();
            case DOCUMENT -> readDocument(r, depth);
            case ARRAY -> {
                if (depth >= Values.MAX_DEPTH) throw Values.tooDeep("BSON");
                List<Object> l = new ArrayList<>();
                r.readStartArray();
                while (r.readBsonType() != BsonType.END_OF_DOCUMENT) l.add(read(r, depth + 1));
                r.readEndArray();
                yield l;
            }
            default -> throw new IOException("BSON type " + r.getCurrentBsonType() + " is not part of the protocol");
        };
    }
}
