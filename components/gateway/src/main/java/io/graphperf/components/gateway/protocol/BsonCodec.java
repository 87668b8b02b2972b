package io.graphperf.components.gateway.protocol;

import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.io.BasicOutputBuffer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** BSON (org.mongodb:bson) written and read value by value, without its document classes: a message is one document, a list an array. */
final class BsonCodec implements Format.Codec {

    @Override
    public byte[] encode(Map<String, Object> message) throws IOException {
        BasicOutputBuffer out = new BasicOutputBuffer();
        try (BsonBinaryWriter w = new BsonBinaryWriter(out)) {
            Values.write(message, new Values.Sink() {
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
            });
        }
        return out.toByteArray();
    }

    @Override
    public Map<String, Object> decode(byte[] bytes) throws IOException {
        try (BsonBinaryReader r = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
            return readDocument(r);
        } catch (org.bson.BsonSerializationException | org.bson.BsonInvalidOperationException e) {
            throw new IOException("not a BSON document: " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> readDocument(BsonReader r) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        r.readStartDocument();
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = r.readName();
            m.put(name, read(r));
        }
        r.readEndDocument();
        return m;
    }

    private static Object read(BsonReader r) throws IOException {
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
            case DOCUMENT -> readDocument(r);
            case ARRAY -> {
                List<Object> l = new ArrayList<>();
                r.readStartArray();
                while (r.readBsonType() != BsonType.END_OF_DOCUMENT) l.add(read(r));
                r.readEndArray();
                yield l;
            }
            default -> throw new IOException("BSON type " + r.getCurrentBsonType() + " is not part of the protocol");
        };
    }
}
