package io.graphperf.components.gateway.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * JSON by Jackson: one JSON object per message, integers read as 64-bit where they fit, maps and lists nested at most
 * {@link Values#MAX_DEPTH} deep; written value by value like the binary formats.
 */
final class JsonCodec implements Format.Codec {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(Values.MAX_DEPTH).build()).build();
    private static final ObjectMapper JSON = new ObjectMapper(FACTORY).enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    @Override
    public byte[] encode(Map<String, Object> message) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            Values.write(message, sink(g));
        }
        return out.toByteArray();
    }

    @Override
    public Map<String, Object> decode(byte[] bytes) throws IOException {
        Map<String, Object> m = JSON.readValue(bytes, MAP);
        if (m == null) throw new IOException("a message must be a JSON object");
        return m;
    }

    @Override
    public RowsEncoder rows(long id, String kind) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        JsonGenerator g = FACTORY.createGenerator(out);
        Values.Sink sink = sink(g);
        g.writeStartObject();
        g.writeNumberField(Messages.ID, id);
        g.writeStringField(Messages.KIND, kind);
        return new RowsEncoder() {
            @Override
            public void columns(List<String> columns) throws IOException {
                g.writeFieldName(Messages.COLUMNS);
                Values.write(columns, sink, 1);
                g.writeFieldName(Messages.ROWS);
                g.writeStartArray();
            }

            @Override
            public void startRow(int columns) throws IOException {
                g.writeStartArray();
            }

            @Override
            public Values.Sink sink() {
                return sink;
            }

            @Override
            public void endRow() throws IOException {
                g.writeEndArray();
            }

            @Override
            public long size() {
                try {
                    g.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return out.size();
            }

            @Override
            public byte[] finish(Map<String, Object> server) throws IOException {
                g.writeEndArray();
                g.writeFieldName(Messages.SERVER);
                Values.write(server, sink, 1);
                g.writeEndObject();
                g.close();
                return out.toByteArray();
            }
        };
    }

    private static Values.Sink sink(JsonGenerator g) {
        return new Values.Sink() {
            public void nil() throws IOException {
                g.writeNull();
            }

            public void bool(boolean b) throws IOException {
                g.writeBoolean(b);
            }

            public void integer(long v) throws IOException {
                g.writeNumber(v);
            }

            public void real(double v) throws IOException {
                g.writeNumber(v);
            }

            public void string(String s) throws IOException {
                g.writeString(s);
            }

            public void startMap(int size) throws IOException {
                g.writeStartObject();
            }

            public void key(String k) throws IOException {
                g.writeFieldName(k);
            }

            public void endMap() throws IOException {
                g.writeEndObject();
            }

            public void startList(int size) throws IOException {
                g.writeStartArray();
            }

            public void endList() throws IOException {
                g.writeEndArray();
            }
        };
    }
}
