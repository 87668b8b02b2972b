package io.graphperf.components.gateway.protocol;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.Map;

/** JSON by Jackson; integers are read as 64-bit where they fit. */
final class JsonCodec implements Format.Codec {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    @Override
    public byte[] encode(Map<String, Object> message) throws IOException {
        return JSON.writeValueAsBytes(message);
    }

    @Override
    public Map<String, Object> decode(byte[] bytes) throws IOException {
        Map<String, Object> m = JSON.readValue(bytes, MAP);
        if (m == null) throw new IOException("a message must be a JSON object");
        return m;
    }
}
