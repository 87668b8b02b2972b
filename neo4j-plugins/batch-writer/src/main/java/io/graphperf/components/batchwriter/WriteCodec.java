package io.graphperf.components.batchwriter;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The log record of one write: its statement and parameters in a small tagged binary form. Parameters
 * may be null, booleans, integers, floating-point numbers, strings, byte arrays, and lists and maps of
 * those — what a Cypher parameter map holds. Anything else (a temporal or spatial value, say) is refused
 * at submit, naming the parameter, because it could not be written back exactly.
 */
public final class WriteCodec {

    private static final byte NULL = 0, FALSE = 1, TRUE = 2, LONG = 3, DOUBLE = 4, STRING = 5, LIST = 6, MAP = 7, BYTES = 8;

    /** A decoded record. */
    public record Decoded(String statement, Map<String, Object> params) {
    }

    private WriteCodec() {
    }

    public static byte[] encode(String statement, Map<String, Object> params) {
        return encode(statement(statement), params);
    }

    /** A statement as its records begin, encoded once for many writes of it ({@link #encode(byte[], Map)}). */
    public static byte[] statement(String statement) {
        if (statement == null || statement.isBlank()) throw new IllegalArgumentException("the statement is empty");
        byte[] b = statement.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + b.length).putInt(b.length).put(b).array();
    }

    /** The record of one write of a statement {@link #statement(String)} encoded. */
    public static byte[] encode(byte[] statement, Map<String, Object> params) {
        Out out = new Out(32 + statement.length);
        out.write(statement);
        Map<String, Object> p = params == null ? Map.of() : params;
        out.writeInt(p.size());
        for (Map.Entry<String, Object> e : p.entrySet()) {
            writeString(out, e.getKey());
            write(out, e.getValue(), e.getKey());
        }
        return out.bytes();
    }

    public static Decoded decode(byte[] record) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(record))) {
            String statement = readString(in);
            int n = in.readInt();
            Map<String, Object> params = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) params.put(readString(in), read(in));
            return new Decoded(statement, params);
        } catch (IOException e) {
            throw new IllegalStateException("unreadable write record: " + e.getMessage(), e);
        }
    }

    private static void write(Out out, Object v, String path) {
        if (v == null) {
            out.writeByte(NULL);
        } else if (v instanceof Boolean b) {
            out.writeByte(b ? TRUE : FALSE);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            out.writeByte(LONG);
            out.writeLong(((Number) v).longValue());
        } else if (v instanceof Double || v instanceof Float) {
            out.writeByte(DOUBLE);
            out.writeDouble(((Number) v).doubleValue());
        } else if (v instanceof String s) {
            out.writeByte(STRING);
            writeString(out, s);
        } else if (v instanceof byte[] b) {
            out.writeByte(BYTES);
            out.writeInt(b.length);
            out.write(b);
        } else if (v instanceof List<?> list) {
            out.writeByte(LIST);
            out.writeInt(list.size());
            for (int i = 0; i < list.size(); i++) write(out, list.get(i), path + "[" + i + "]");
        } else if (v instanceof Map<?, ?> map) {
            out.writeByte(MAP);
            out.writeInt(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                writeString(out, String.valueOf(e.getKey()));
                write(out, e.getValue(), path + "." + e.getKey());
            }
        } else {
            throw new IllegalArgumentException("parameter " + path + " is a " + v.getClass().getSimpleName()
                    + ", which the batch writer cannot log; pass it as a string or number and convert it in the statement");
        }
    }

    private static Object read(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        switch (tag) {
            case NULL: return null;
            case FALSE: return Boolean.FALSE;
            case TRUE: return Boolean.TRUE;
            case LONG: return in.readLong();
            case DOUBLE: return in.readDouble();
            case STRING: return readString(in);
            case BYTES: {
                byte[] b = new byte[in.readInt()];
                in.readFully(b);
                return b;
            }
            case LIST: {
                int n = in.readInt();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) list.add(read(in));
                return list;
            }
            case MAP: {
                int n = in.readInt();
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) map.put(readString(in), read(in));
                return map;
            }
            default: throw new IOException("unknown value tag " + tag);
        }
    }

    // writeUTF is limited to 64 KB; statements and string parameters may be longer
    private static void writeString(Out out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /**
     * A record being written, in the byte order {@link DataInputStream} reads: each write's record is made by one thread, so none of
     * {@code ByteArrayOutputStream}'s locking (a lock for each value of every write, on the gateway's submit path).
     */
    private static final class Out {
        private byte[] buf;
        private int size;

        Out(int capacity) {
            buf = new byte[capacity];
        }

        private void room(int n) {
            if (size + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
        }

        void writeByte(int b) {
            room(1);
            buf[size++] = (byte) b;
        }

        void writeInt(int v) {
            room(4);
            for (int shift = 24; shift >= 0; shift -= 8) buf[size++] = (byte) (v >>> shift);
        }

        void writeLong(long v) {
            room(8);
            for (int shift = 56; shift >= 0; shift -= 8) buf[size++] = (byte) (v >>> shift);
        }

        void writeDouble(double v) {
            writeLong(Double.doubleToLongBits(v));
        }

        void write(byte[] b) {
            room(b.length);
            System.arraycopy(b, 0, buf, size, b.length);
            size += b.length;
        }

        byte[] bytes() {
            return size == buf.length ? buf : Arrays.copyOf(buf, size);
        }
    }
}
