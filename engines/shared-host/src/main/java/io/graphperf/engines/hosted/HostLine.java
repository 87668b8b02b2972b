package io.graphperf.engines.hosted;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;

/**
 * The engine-host line's text: a request is one line of JSON, {@code {"op": NAME, "request": {FIELDS}}}; a reply one line,
 * {@code ok<TAB>JSON} or {@code error<TAB>MESSAGE}. JSON keeps a request's tabs and newlines escaped, so one line is one message.
 */
final class HostLine {

    static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private HostLine() {
    }

    static String request(HostRequest<?> request) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        line.put("op", HostRequest.op(request.getClass()).value());
        line.set("request", JSON.valueToTree(request));
        return JSON.writeValueAsString(line);
    }

    /** A request line's name and fields; a line that is not one says so. */
    record Parsed(String op, JsonNode fields) {
    }

    static Parsed parse(String line) throws IOException {
        JsonNode tree = JSON.readTree(line);
        if (tree == null || !tree.path("op").isTextual()) throw new IllegalArgumentException("not a request line (JSON with \"op\"): " + line);
        JsonNode fields = tree.path("request");
        return new Parsed(tree.get("op").asText(), fields.isMissingNode() ? JSON.createObjectNode() : fields);
    }

    @SuppressWarnings("unchecked")
    static <R> R reply(String body, HostRequest.Op op) throws IOException {
        return (R) JSON.readValue(body, op.reply());
    }
}
