package io.graphperf.core.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The records of a dataset in the bulk-import layout ({@link ImportFiles}) as a loader over an engine's own API reads them: a
 * header file's typed columns and each part file's CSV records, a bad field named with its file and line.
 */
public final class ImportRows {

    private static final Pattern ID = Pattern.compile("(\\w+):ID\\((\\w+)\\)");
    private static final Pattern END = Pattern.compile(":(START|END)_ID\\((\\w+)\\)");

    private ImportRows() {
    }

    /** A property's type as the header gives it: long and int are LONG, double and float DOUBLE, boolean BOOLEAN, otherwise STRING. */
    public enum Type { LONG, DOUBLE, BOOLEAN, STRING }

    /** The part a column plays: the node's key (ID), a relationship's ends (START, END), or a property. */
    public enum Role { ID, START, END, PROPERTY }

    /** One column of a header: its property and type (none for the ends), its role, and the id space of a key or an end. */
    public record Column(String property, Type type, Role role, String idSpace) {
    }

    /** An engine's loader of one table at a time, which {@link #load} runs over a dataset's files. */
    public interface TableLoader {
        /** Loads a label's nodes, each node's key put into {@code keys} with its record (as one long); returns how many. */
        long nodes(ImportFiles.Table t, KeyMap keys) throws IOException;

        /** Loads a type's relationships, their ends found in {@code keys} by id space; returns how many, and how many were left out. */
        long[] relationships(ImportFiles.Table t, Map<String, KeyMap> keys) throws IOException;
    }

    /**
     * Every node table, then every relationship table, through {@code loader}: the host's answer to a load request (stages and
     * seconds, nodes, relationships, bad entries — the relationships left out because an end is not a loaded node).
     */
    public static Map<String, Object> load(ImportFiles files, String engine, TableLoader loader) throws IOException {
        Map<String, KeyMap> keys = new HashMap<>();
        Map<String, Object> stages = new LinkedHashMap<>();
        long t0 = System.nanoTime(), nodes = 0, relationships = 0, bad = 0;
        for (ImportFiles.Table t : files.nodes()) nodes += loader.nodes(t, keys.computeIfAbsent(idSpace(t, engine), k -> new KeyMap()));
        stages.put("nodes", seconds(t0));
        long t1 = System.nanoTime();
        for (ImportFiles.Table t : files.relationships()) {
            long[] loaded = loader.relationships(t, keys);
            relationships += loaded[0];
            bad += loaded[1];
        }
        stages.put("relationships", seconds(t1));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("stages", stages);
        out.put("seconds", seconds(t0));
        out.put("nodes", nodes);
        out.put("relationships", relationships);
        out.put("badEntries", bad);
        return out;
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    /** One record's fields, {@code line} the line of the file it starts on. */
    public interface RowHandler {
        void row(List<String> fields, long line);
    }

    /**
     * A header file's columns: {@code name:ID(Label)} the key (LONG, its id space the label), {@code :START_ID(Label)} and
     * {@code :END_ID(Label)} the ends, then properties typed as the header says; {@code engine} names who cannot hold the rest.
     */
    public static List<Column> header(Path headerFile, String engine) throws IOException {
        List<Column> out = new ArrayList<>();
        for (String field : Files.readAllLines(headerFile).get(0).trim().split(",")) {
            Matcher id = ID.matcher(field), end = END.matcher(field);
            if (id.matches()) {
                out.add(new Column(id.group(1), Type.LONG, Role.ID, id.group(2)));
            } else if (end.matches()) {
                out.add(new Column(null, null, Role.valueOf(end.group(1)), end.group(2)));
            } else {
                int colon = field.indexOf(':');
                String name = colon < 0 ? field : field.substring(0, colon), type = colon < 0 ? "string" : field.substring(colon + 1).toLowerCase(Locale.ROOT);
                if (name.isEmpty() || !name.matches("\\w+")) throw new IllegalArgumentException(headerFile + ": column '" + field + "' is not a property " + engine + " can hold");
                out.add(new Column(name, switch (type) {
                    case "long", "int", "short", "byte" -> Type.LONG;
                    case "double", "float" -> Type.DOUBLE;
                    case "boolean" -> Type.BOOLEAN;
                    case "string" -> Type.STRING;
                    default -> throw new IllegalArgumentException(headerFile + ": column '" + field + "' has type '" + type + "', which graphperf does not map to " + engine);
                }, Role.PROPERTY, null));
            }
        }
        return out;
    }

    /** The id space of a node table's keys (its label when it has no key column). */
    public static String idSpace(ImportFiles.Table t, String engine) throws IOException {
        for (Column c : header(t.header(), engine)) if (c.role() == Role.ID) return c.idSpace();
        return t.name();
    }

    /** A relationship table's columns, checked to begin with its two ends. */
    public static List<Column> relationshipHeader(ImportFiles.Table t, String engine) throws IOException {
        List<Column> columns = header(t.header(), engine);
        if (columns.size() < 2 || columns.get(0).role() != Role.START || columns.get(1).role() != Role.END) {
            throw new IllegalArgumentException(t.header() + ": the first two columns must be :START_ID(Label) and :END_ID(Label)");
        }
        return columns;
    }

    /** An end's or a key's field as a long. */
    public static long key(String field) {
        try {
            return Long.parseLong(field.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + field + "' is not an integer key");
        }
    }

    /** A field as its column's type; null for an empty field (no property, as Neo4j's importer makes it). */
    public static Object value(String field, Type type) {
        if (field.isEmpty()) return null;
        try {
            return switch (type) {
                case LONG -> Long.parseLong(field);
                case DOUBLE -> Double.parseDouble(field);
                case BOOLEAN -> Boolean.parseBoolean(field);
                case STRING -> field;
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + field + "' is not a " + type.name().toLowerCase(Locale.ROOT));
        }
    }

    /** Each CSV record of a part file (gzip when its name ends in .gz): fields quoted with ", a quote in them doubled. */
    public static void forEachRow(Path f, RowHandler handler) throws IOException {
        try (InputStream raw = Files.newInputStream(f);
             BufferedReader r = new BufferedReader(new InputStreamReader(f.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw,
                     StandardCharsets.UTF_8), 1 << 16)) {
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            long number = 0, start = 0;
            for (String line; (line = r.readLine()) != null; ) {
                number++;
                if (!quoted) start = number;
                if (!quoted && line.isEmpty()) continue;
                for (int i = 0; i < line.length(); i++) {
                    char c = line.charAt(i);
                    if (quoted) {
                        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                            field.append('"');
                            i++;
                        } else if (c == '"') {
                            quoted = false;
                        } else {
                            field.append(c);
                        }
                    } else if (c == '"') {
                        quoted = true;
                    } else if (c == ',') {
                        fields.add(field.toString());
                        field.setLength(0);
                    } else {
                        field.append(c);
                    }
                }
                if (quoted) { // a line break inside a quoted field
                    field.append('\n');
                    continue;
                }
                fields.add(field.toString());
                field.setLength(0);
                try {
                    handler.row(fields, start);
                } catch (IllegalArgumentException e) { // a field that is not what its header says: the file and line named
                    throw new IllegalArgumentException(f + ", line " + start + ": " + e.getMessage(), e);
                }
                fields = new ArrayList<>();
            }
        }
    }
}
