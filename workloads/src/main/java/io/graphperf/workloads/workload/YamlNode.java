package io.graphperf.workloads.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as a tree whose every node knows its line, so that an error names the file, the line and the key: a map (keys in
 * the file's order, a key given twice refused), a list, or a scalar (text, number, boolean or null).
 *
 * @param value a {@code Map<String, YamlNode>}, a {@code List<YamlNode>}, or a scalar
 * @param path  where it is, as keys and indexes (e.g. {@code operations[2].weight})
 */
public record YamlNode(Object value, int line, String path, Path file) {

    /** The file's document; an empty file is an empty map. */
    public static YamlNode read(Path file) {
        if (!Files.isRegularFile(file)) throw new UserError("workload file " + file + " does not exist");
        try (JsonParser p = new YAMLFactory().createParser(file.toFile())) {
            JsonToken t = p.nextToken();
            if (t == null) return new YamlNode(new LinkedHashMap<String, YamlNode>(), 1, "", file);
            return node(p, t, "", file);
        } catch (JsonProcessingException e) {
            String hint = String.valueOf(e.getOriginalMessage()).contains("mapping values are not allowed")
                    ? " (a text holding ': ', as a Cypher map {id: $x} does, must be quoted, or written as a block: cypher: | on its own line,"
                    + " the text indented below)" : "";
            throw new UserError(file + " line " + e.getLocation().getLineNr() + ": not valid YAML: " + e.getOriginalMessage() + hint);
        } catch (IOException e) {
            throw new UserError("cannot read workload file " + file + ": " + e.getMessage());
        }
    }

    private static YamlNode node(JsonParser p, JsonToken t, String path, Path file) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        switch (t) {
            case START_OBJECT -> {
                Map<String, YamlNode> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    int keyLine = p.currentTokenLocation().getLineNr();
                    String at = path.isEmpty() ? key : path + "." + key;
                    if (m.containsKey(key)) throw new UserError(file + " line " + keyLine + ": key '" + at + "' is given twice");
                    YamlNode v = node(p, p.nextToken(), at, file);
                    m.put(key, new YamlNode(v.value(), keyLine, at, file));
                }
                return new YamlNode(m, line, path, file);
            }
            case START_ARRAY -> {
                List<YamlNode> l = new ArrayList<>();
                for (JsonToken x = p.nextToken(); x != JsonToken.END_ARRAY; x = p.nextToken()) l.add(node(p, x, path + "[" + l.size() + "]", file));
                return new YamlNode(l, line, path, file);
            }
            case VALUE_STRING -> {
                return new YamlNode(p.getText(), line, path, file);
            }
            case VALUE_NUMBER_INT -> {
                return new YamlNode(p.getLongValue(), line, path, file);
            }
            case VALUE_NUMBER_FLOAT -> {
                return new YamlNode(p.getDoubleValue(), line, path, file);
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return new YamlNode(p.getBooleanValue(), line, path, file);
            }
            case VALUE_NULL -> {
                return new YamlNode(null, line, path, file);
            }
            default -> throw new UserError(file + " line " + line + ": unexpected " + t + " at '" + path + "'");
        }
    }

    /** An error about this node: file, line and key first. */
    public UserError error(String what) {
        return new UserError(file + " line " + line + (path.isEmpty() ? "" : ", key '" + path + "'") + ": " + what);
    }

    public boolean isMap() {
        return value instanceof Map;
    }

    public boolean isList() {
        return value instanceof List;
    }

    public boolean isText() {
        return value instanceof String;
    }

    @SuppressWarnings("unchecked")
    public Map<String, YamlNode> map() {
        if (!isMap()) throw error("expected a map (key: value lines)" + found());
        return (Map<String, YamlNode>) value;
    }

    @SuppressWarnings("unchecked")
    public List<YamlNode> list() {
        if (!isList()) throw error("expected a list (- item lines)" + found());
        return (List<YamlNode>) value;
    }

    /** A list, or a single item as a list of one. */
    public List<YamlNode> items() {
        return isList() ? list() : List.of(this);
    }

    public String text() {
        if (value instanceof Map || value instanceof List || value == null) throw error("expected a text" + found());
        return String.valueOf(value);
    }

    public long integer() {
        if (value instanceof Long l) return l;
        if (value instanceof String s && s.matches("-?[0-9_]+")) return Long.parseLong(s.replace("_", ""));
        throw error("expected a whole number" + found());
    }

    public double number() {
        if (value instanceof Number n) return n.doubleValue();
        if (value instanceof String s) {
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                // below
            }
        }
        throw error("expected a number" + found());
    }

    public boolean bool() {
        if (value instanceof Boolean b) return b;
        throw error("expected true or false" + found());
    }

    private String found() {
        String v = value == null ? "nothing" : value instanceof Map ? "a map" : value instanceof List ? "a list" : "'" + value + "'";
        return ", found " + v;
    }

    /**
     * The map's entries, each key checked against {@code known}: a key it does not know is an error naming the file, line and key,
     * and the keys it knows.
     */
    public Map<String, YamlNode> keys(List<String> known) {
        Map<String, YamlNode> m = map();
        for (YamlNode v : m.values()) {
            String key = v.path().substring(v.path().lastIndexOf('.') + 1);
            if (!known.contains(key)) throw v.error("unknown key '" + key + "'; known here: " + String.join(", ", known));
        }
        return m;
    }
}
