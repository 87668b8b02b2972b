package io.graphperf.engines.arcadedb.host;

import com.arcadedb.database.Database;
import com.arcadedb.database.RID;
import com.arcadedb.graph.MutableVertex;
import com.arcadedb.graph.Vertex;
import com.arcadedb.schema.DocumentType;
import com.arcadedb.schema.Type;
import io.graphperf.core.engine.ImportFiles;

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
 * A dataset in the bulk-import layout loaded into ArcadeDB through its Java API: a vertex type per label and an edge type per
 * relationship type, each property declared with the header's type (long and int as LONG, double and float as DOUBLE,
 * boolean, otherwise STRING; the {@code :ID} column a LONG), nodes created in transactions of {@value #BATCH}, then relationships in
 * transactions of {@value #EDGE_BATCH},
 * each relationship's ends found by key in a map built while loading (as Neo4j's importer keeps its id map): no index is built
 * here, the schema phase builds them. An empty field is no property, as Neo4j's importer makes it; a relationship whose end is
 * not among the loaded nodes is a bad entry, listed in the host's log.
 */
final class ArcadeDbLoad {

    static final int BATCH = 10_000;
    /**
     * Relationships a transaction: each one changes both ends' edge lists, pages spread over the store, and a transaction keeps a
     * copy of each page it changes on the heap (10,000 relationships a transaction ran a 1 GiB heap out of memory).
     */
    static final int EDGE_BATCH = 1_000;
    private static final Pattern ID = Pattern.compile("(\\w+):ID\\((\\w+)\\)");
    private static final Pattern END = Pattern.compile(":(START|END)_ID\\((\\w+)\\)");

    private ArcadeDbLoad() {
    }

    /** One column of a header: its property and type; role ID (the key, in the id space named), START or END (an end, in its id space), or PROPERTY. */
    record Column(String property, Type type, String role, String idSpace) {
    }

    static Map<String, Object> run(Database db, ImportFiles files) throws IOException {
        Map<String, KeyMap> keys = new HashMap<>();
        Map<String, Object> stages = new LinkedHashMap<>();
        long t0 = System.nanoTime(), nodes = 0, relationships = 0, bad = 0;
        for (ImportFiles.Table t : files.nodes()) nodes += nodes(db, t, keys.computeIfAbsent(idSpace(t), k -> new KeyMap()));
        stages.put("nodes", seconds(t0));
        long t1 = System.nanoTime();
        for (ImportFiles.Table t : files.relationships()) {
            long[] loaded = relationships(db, t, keys);
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

    private static String idSpace(ImportFiles.Table t) throws IOException {
        for (Column c : header(t.header())) if (c.role().equals("ID")) return c.idSpace();
        return t.name();
    }

    private static long nodes(Database db, ImportFiles.Table t, KeyMap keys) throws IOException {
        List<Column> columns = header(t.header());
        db.transaction(() -> {
            DocumentType type = db.getSchema().getOrCreateVertexType(t.name());
            for (Column c : columns) if (!type.existsProperty(c.property())) type.createProperty(c.property(), c.type());
        });
        long[] n = {0};
        db.begin();
        try {
            for (Path f : t.files()) nodeRows(db, t, columns, f, keys, n);
            db.commit();
        } finally {
            if (db.isTransactionActive()) db.rollback();
        }
        return n[0];
    }

    private static void nodeRows(Database db, ImportFiles.Table t, List<Column> columns, Path f, KeyMap keys, long[] n) throws IOException {
        forEachRow(f, (row, line) -> {
            MutableVertex v = db.newVertex(t.name());
            Long key = null;
            for (int i = 0; i < columns.size() && i < row.size(); i++) {
                Column c = columns.get(i);
                Object value = value(row.get(i), c.type());
                if (value == null) continue;
                v.set(c.property(), value);
                if (c.role().equals("ID")) key = (Long) value;
            }
            v.save();
            if (key != null) keys.put(key, encode(v.getIdentity()));
            if (++n[0] % BATCH == 0) {
                db.commit();
                db.begin();
            }
        });
    }

    /** Loads a type's relationships; returns how many, and how many were left out (an end not loaded). */
    private static long[] relationships(Database db, ImportFiles.Table t, Map<String, KeyMap> keys) throws IOException {
        List<Column> columns = header(t.header());
        if (columns.size() < 2 || !columns.get(0).role().equals("START") || !columns.get(1).role().equals("END")) {
            throw new IllegalArgumentException(t.header() + ": the first two columns must be :START_ID(Label) and :END_ID(Label)");
        }
        KeyMap from = keys.getOrDefault(columns.get(0).idSpace(), new KeyMap()), to = keys.getOrDefault(columns.get(1).idSpace(), new KeyMap());
        db.transaction(() -> {
            DocumentType type = db.getSchema().getOrCreateEdgeType(t.name());
            for (Column c : columns.subList(2, columns.size())) if (!type.existsProperty(c.property())) type.createProperty(c.property(), c.type());
        });
        long[] n = {0, 0};
        db.begin();
        try {
            for (Path f : t.files()) relationshipRows(db, t, columns, f, from, to, n);
            db.commit();
        } finally {
            if (db.isTransactionActive()) db.rollback();
        }
        return n;
    }

    private static void relationshipRows(Database db, ImportFiles.Table t, List<Column> columns, Path f, KeyMap from, KeyMap to, long[] n) throws IOException {
        forEachRow(f, (row, line) -> {
            long ea = from.get(key(row.get(0)), -1), eb = row.size() > 1 ? to.get(key(row.get(1)), -1) : -1;
            if (ea < 0 || eb < 0) {
                n[1]++;
                System.err.println("left out by the loader (an end is not a loaded node): " + f + ", line " + line + ": " + row);
                return;
            }
            List<Object> properties = new ArrayList<>();
            for (int i = 2; i < columns.size() && i < row.size(); i++) {
                Object value = value(row.get(i), columns.get(i).type());
                if (value != null) properties.addAll(List.of(columns.get(i).property(), value));
            }
            ((Vertex) decode(db, ea).asVertex(true)).newEdge(t.name(), decode(db, eb), true, properties.toArray()).save();
            if (++n[0] % EDGE_BATCH == 0) {
                db.commit();
                db.begin();
            }
        });
    }

    /**
     * A header line's columns: {@code name:ID(Label)} the key (LONG, role ID, its id space the label), {@code :START_ID(Label)} and
     * {@code :END_ID(Label)} the ends (their property the id space), then properties typed as the header says.
     */
    static List<Column> header(Path headerFile) throws IOException {
        List<Column> out = new ArrayList<>();
        for (String field : Files.readAllLines(headerFile).get(0).trim().split(",")) {
            Matcher id = ID.matcher(field), end = END.matcher(field);
            if (id.matches()) {
                out.add(new Column(id.group(1), Type.LONG, "ID", id.group(2)));
            } else if (end.matches()) {
                out.add(new Column(null, null, end.group(1), end.group(2)));
            } else {
                int colon = field.indexOf(':');
                String name = colon < 0 ? field : field.substring(0, colon), type = colon < 0 ? "string" : field.substring(colon + 1).toLowerCase(Locale.ROOT);
                if (name.isEmpty() || !name.matches("\\w+")) throw new IllegalArgumentException(headerFile + ": column '" + field + "' is not a property ArcadeDB can hold");
                out.add(new Column(name, switch (type) {
                    case "long", "int", "short", "byte" -> Type.LONG;
                    case "double", "float" -> Type.DOUBLE;
                    case "boolean" -> Type.BOOLEAN;
                    case "string" -> Type.STRING;
                    default -> throw new IllegalArgumentException(headerFile + ": column '" + field + "' has type '" + type + "', which graphperf does not map to ArcadeDB");
                }, "PROPERTY", null));
            }
        }
        return out;
    }

    private static long key(String field) {
        try {
            return Long.parseLong(field.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + field + "' is not an integer key");
        }
    }

    private static Object value(String field, Type type) {
        if (field.isEmpty()) return null;
        try {
            return type == Type.LONG ? (Object) Long.parseLong(field) : type == Type.DOUBLE ? (Object) Double.parseDouble(field)
                    : type == Type.BOOLEAN ? (Object) Boolean.parseBoolean(field) : field;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + field + "' is not a " + type.name().toLowerCase(Locale.ROOT));
        }
    }

    private interface RowHandler {
        /** One record, {@code line} the line of the file it starts on. */
        void row(List<String> fields, long line);
    }

    /** Each CSV record of a part file (gzip when its name ends in .gz): fields quoted with ", a quote in them doubled. */
    static void forEachRow(Path f, RowHandler handler) throws IOException {
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

    /** A record id as one long: its bucket in the top 16 bits, its position below. */
    private static long encode(RID rid) {
        return ((long) rid.getBucketId() << 48) | rid.getPosition();
    }

    private static RID decode(Database db, long encoded) {
        return new RID(db, (int) (encoded >>> 48), encoded & ((1L << 48) - 1));
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
