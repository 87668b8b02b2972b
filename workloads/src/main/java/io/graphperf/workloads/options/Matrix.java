package io.graphperf.workloads.options;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.HostOption;
import io.graphperf.storage.FilesystemSpec;
import io.graphperf.storage.StorageSpec;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A matrix file ({@code --matrix FILE}, YAML): named axes, each a list of named values, whose cross product (or the
 * listed {@code cells}) is run as variants — the {@code baseline} cell first, every cell compared with it. A value may give:
 * <pre>
 *   data:      {kind: zfs, recordsize: 8k, compression: gzip}   # a filesystem graphperf makes for the data
 *   log:       {kind: ext4}                                     # one for the transaction log / WAL (absent: in the data folder)
 *   data-dir:  /mnt/disk1/graphperf   log-dir: /mnt/disk2        # or folders of yours
 *   settings:  {page-cache: 512m, db.tx_log.rotation.size: 64m} # engine settings
 *   setup: "zfs create tank/gp"   teardown: "zfs destroy -r tank/gp"
 * </pre>
 * The values of one cell are merged axis by axis (so one axis may give the kind and record size, another the
 * compression); two axes that set the same key differently are an error. Top level: {@code axes}, {@code cells},
 * {@code baseline}, {@code repeat}, {@code size} (filesystem image size, default 2g), {@code hook-timeout}, and
 * {@code experiment} and {@code options} (the experiment's options, as in a config file; read by the CLI).
 */
public final class Matrix {

    /** The cells (baseline first) and the repeats the file asks for (null: the command line's or the default). */
    public record Plan(List<Variant> cells, Integer repeat, List<String> axes) {
    }

    private static final Set<String> TOP = Set.of("axes", "cells", "baseline", "repeat", "size", "hook-timeout", "description", "experiment", "options");
    private static final Set<String> VALUE_KEYS = Set.of("data", "log", "data-dir", "log-dir", "settings", "setup", "teardown");

    private Matrix() {
    }

    public static Plan read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
        } catch (IOException e) {
            throw new UserError("matrix file " + file + ": " + firstLine(e.getMessage()));
        }
        return parse(root, file.toString());
    }

    static Plan parse(JsonNode root, String file) {
        if (root == null || !root.isObject()) throw new UserError("matrix file " + file + ": expected a YAML map with 'axes'");
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!TOP.contains(k)) throw new UserError("matrix file " + file + ": unknown key '" + k + "'; known: " + String.join(", ", TOP));
        }
        long size = root.has("size") ? FilesystemSpec.parseSize(root.get("size").asText(), "matrix file " + file + ": size") : FilesystemSpec.DEFAULT_SIZE;
        Duration hookTimeout = root.has("hook-timeout") ? DurationConverter.parse(root.get("hook-timeout").asText(), "matrix file " + file + ": hook-timeout")
                : StorageSpec.DEFAULT_HOOK_TIMEOUT;
        JsonNode axesNode = root.get("axes");
        if (axesNode == null || !axesNode.isObject() || axesNode.isEmpty()) throw new UserError("matrix file " + file + ": 'axes' must map each axis to its values");
        Map<String, Map<String, JsonNode>> axes = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = axesNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> a = it.next();
            checkName(a.getKey(), file, "axis");
            if (!a.getValue().isObject() || a.getValue().isEmpty()) throw new UserError("matrix file " + file + ": axis '" + a.getKey() + "' must map value names to what they set");
            Map<String, JsonNode> values = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> vs = a.getValue().fields(); vs.hasNext(); ) {
                Map.Entry<String, JsonNode> v = vs.next();
                checkName(v.getKey(), file, "value of axis '" + a.getKey() + "'");
                JsonNode body = v.getValue() == null || v.getValue().isNull() ? JsonNodeFactory.instance.objectNode() : v.getValue();
                if (!body.isObject()) throw new UserError("matrix file " + file + ": " + a.getKey() + "." + v.getKey() + " must be a map (or {})");
                for (Iterator<String> ks = body.fieldNames(); ks.hasNext(); ) {
                    String k = ks.next();
                    if (!VALUE_KEYS.contains(k)) throw new UserError("matrix file " + file + ": " + a.getKey() + "." + v.getKey() + ": unknown key '" + k
                            + "'; known: " + String.join(", ", VALUE_KEYS));
                }
                values.put(v.getKey(), body);
            }
            axes.put(a.getKey(), values);
        }
        List<Map<String, String>> combos = root.has("cells") ? listed(root.get("cells"), axes, file) : product(axes);
        List<Variant> cells = new ArrayList<>();
        for (Map<String, String> combo : combos) cells.add(cell(combo, axes, size, hookTimeout, file));
        if (root.has("baseline")) {
            String b = root.get("baseline").asText();
            int i = indexOf(cells, b);
            if (i < 0) throw new UserError("matrix file " + file + ": baseline '" + b + "' is not a cell; cells: "
                    + String.join(", ", cells.stream().map(Variant::name).toList()));
            cells.add(0, cells.remove(i));
        }
        Integer repeat = root.has("repeat") ? root.get("repeat").asInt() : null;
        if (repeat != null && repeat < 1) throw new UserError("matrix file " + file + ": repeat must be at least 1");
        return new Plan(cells, repeat, List.copyOf(axes.keySet()));
    }

    private static List<Map<String, String>> product(Map<String, Map<String, JsonNode>> axes) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Map.Entry<String, Map<String, JsonNode>> a : axes.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String v : a.getValue().keySet()) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(a.getKey(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }

    private static List<Map<String, String>> listed(JsonNode cells, Map<String, Map<String, JsonNode>> axes, String file) {
        if (!cells.isArray() || cells.isEmpty()) throw new UserError("matrix file " + file + ": 'cells' must be a list of {axis: value} maps");
        List<Map<String, String>> out = new ArrayList<>();
        for (JsonNode c : cells) {
            Map<String, String> m = new LinkedHashMap<>();
            for (String axis : axes.keySet()) {
                JsonNode v = c.get(axis);
                if (v == null) throw new UserError("matrix file " + file + ": cell " + c + " has no value for axis '" + axis + "'");
                if (!axes.get(axis).containsKey(v.asText())) throw new UserError("matrix file " + file + ": cell " + c + ": '" + v.asText()
                        + "' is not a value of axis '" + axis + "'; values: " + String.join(", ", axes.get(axis).keySet()));
                m.put(axis, v.asText());
            }
            for (Iterator<String> it = c.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!axes.containsKey(k)) throw new UserError("matrix file " + file + ": cell " + c + " names axis '" + k + "', which the file does not have");
            }
            if (out.contains(m)) throw new UserError("matrix file " + file + ": cell " + c + " is listed twice");
            out.add(m);
        }
        return out;
    }

    private static Variant cell(Map<String, String> combo, Map<String, Map<String, JsonNode>> axes, long size, Duration hookTimeout, String file) {
        String name = String.join("-", combo.values());
        Map<String, String> data = new LinkedHashMap<>(), log = new LinkedHashMap<>(), settings = new LinkedHashMap<>(), from = new LinkedHashMap<>();
        List<String> setup = new ArrayList<>(), teardown = new ArrayList<>();
        for (Map.Entry<String, String> av : combo.entrySet()) {
            String where = av.getKey() + "." + av.getValue();
            JsonNode body = axes.get(av.getKey()).get(av.getValue());
            merge(data, "data", body.get("data"), where, from, name, file);
            merge(log, "log", body.get("log"), where, from, name, file);
            merge(settings, "settings", body.get("settings"), where, from, name, file);
            if (body.has("data-dir")) put(settings, HostOption.DATA_DIR.key(), body.get("data-dir").asText(), where, from, name, file);
            if (body.has("log-dir")) put(settings, HostOption.TX_LOG_DIR.key(), body.get("log-dir").asText(), where, from, name, file);
            if (body.has("setup")) setup.add(body.get("setup").asText());
            if (body.has("teardown")) teardown.add(body.get("teardown").asText());
        }
        for (String k : settings.keySet()) {
            if (!Variant.settable(k)) throw new UserError("matrix file " + file + ": cell " + name
                    + ": unknown setting '" + k + "' (from " + from.get("settings." + k) + "); use heap, page-cache (an engine's own cache) or an"
                    + " engine setting such as db.tx_log.rotation.size or storage.compressionMethod");
        }
        String at = "matrix file " + file + ": cell " + name;
        FilesystemSpec dataFs = data.isEmpty() ? null : FilesystemSpec.parse(data, size, at + ", data");
        FilesystemSpec logFs = log.isEmpty() ? null : FilesystemSpec.parse(log, size, at + ", log");
        if (dataFs != null && settings.containsKey(HostOption.DATA_DIR.key())) throw new UserError(at + ": gives both a data filesystem and data-dir");
        if (logFs != null && settings.containsKey(HostOption.TX_LOG_DIR.key())) throw new UserError(at + ": gives both a log filesystem and log-dir");
        StorageSpec storage = new StorageSpec(dataFs, logFs, setup.isEmpty() ? null : String.join("\n", setup),
                teardown.isEmpty() ? null : String.join("\n", teardown), hookTimeout);
        return new Variant(name, settings, combo, storage.empty() ? null : storage);
    }

    private static void merge(Map<String, String> into, String section, JsonNode node, String where, Map<String, String> from, String cell, String file) {
        if (node == null || node.isNull()) return;
        if (!node.isObject()) throw new UserError("matrix file " + file + ": " + where + ": '" + section + "' must be a map, e.g. {kind: ext4}");
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            put(into, e.getKey(), e.getValue().asText(), where, from, cell, file, section);
        }
    }

    private static void put(Map<String, String> into, String key, String value, String where, Map<String, String> from, String cell, String file) {
        put(into, key, value, where, from, cell, file, "settings");
    }

    private static void put(Map<String, String> into, String key, String value, String where, Map<String, String> from, String cell, String file,
                            String section) {
        String old = into.get(key);
        if (old != null && !old.equals(value)) throw new UserError("matrix file " + file + ": cell " + cell + ": " + section + " " + key + " is '" + old
                + "' from " + from.get(section + "." + key) + " but '" + value + "' from " + where);
        into.put(key, value);
        from.putIfAbsent(section + "." + key, where);
    }

    private static int indexOf(List<Variant> cells, String name) {
        for (int i = 0; i < cells.size(); i++) if (cells.get(i).name().equals(name)) return i;
        return -1;
    }

    private static void checkName(String n, String file, String what) {
        if (!n.matches("[A-Za-z0-9][A-Za-z0-9._]*")) throw new UserError("matrix file " + file + ": " + what + " '" + n
                + "' must be letters, digits, '.' or '_' (cell names join values with '-')");
    }

    private static String firstLine(String s) {
        return s == null ? "unreadable" : s.split("\n")[0];
    }
}
