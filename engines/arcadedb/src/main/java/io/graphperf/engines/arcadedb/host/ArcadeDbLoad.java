package io.graphperf.engines.arcadedb.host;

import com.arcadedb.database.Database;
import com.arcadedb.database.RID;
import com.arcadedb.graph.MutableVertex;
import com.arcadedb.schema.DocumentType;
import com.arcadedb.schema.Type;
import io.graphperf.core.engine.ImportFiles;

import io.graphperf.core.engine.ImportRows;
import io.graphperf.core.engine.ImportRows.Column;
import io.graphperf.core.engine.ImportRows.Role;
import io.graphperf.core.engine.KeyMap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
    private static final String ENGINE = "ArcadeDB";

    private ArcadeDbLoad() {
    }

    static Map<String, Object> run(Database db, ImportFiles files) throws IOException {
        return ImportRows.load(files, ENGINE, new ImportRows.TableLoader() {
            @Override
            public long nodes(ImportFiles.Table t, KeyMap keys) throws IOException {
                return ArcadeDbLoad.nodes(db, t, keys);
            }

            @Override
            public long[] relationships(ImportFiles.Table t, Map<String, KeyMap> keys) throws IOException {
                return ArcadeDbLoad.relationships(db, t, keys);
            }
        });
    }

    private static long nodes(Database db, ImportFiles.Table t, KeyMap keys) throws IOException {
        List<Column> columns = ImportRows.header(t.header(), ENGINE);
        db.transaction(() -> {
            DocumentType type = db.getSchema().getOrCreateVertexType(t.name());
            for (Column c : columns) if (!type.existsProperty(c.property())) type.createProperty(c.property(), arcadeType(c.type()));
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
        ImportRows.forEachRow(f, (row, line) -> {
            MutableVertex v = db.newVertex(t.name());
            Long key = null;
            for (int i = 0; i < columns.size() && i < row.size(); i++) {
                Column c = columns.get(i);
                Object value = ImportRows.value(row.get(i), c.type());
                if (value == null) continue;
                v.set(c.property(), value);
                if (c.role() == Role.ID) key = (Long) value;
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
        List<Column> columns = ImportRows.relationshipHeader(t, ENGINE);
        KeyMap from = keys.getOrDefault(columns.get(0).idSpace(), new KeyMap()), to = keys.getOrDefault(columns.get(1).idSpace(), new KeyMap());
        db.transaction(() -> {
            DocumentType type = db.getSchema().getOrCreateEdgeType(t.name());
            for (Column c : columns.subList(2, columns.size())) if (!type.existsProperty(c.property())) type.createProperty(c.property(), arcadeType(c.type()));
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
        ImportRows.forEachRow(f, (row, line) -> {
            long ea = from.get(ImportRows.key(row.get(0)), -1), eb = row.size() > 1 ? to.get(ImportRows.key(row.get(1)), -1) : -1;
            if (ea < 0 || eb < 0) {
                n[1]++;
                System.err.println("left out by the loader (an end is not a loaded node): " + f + ", line " + line + ": " + row);
                return;
            }
            List<Object> properties = new ArrayList<>();
            for (int i = 2; i < columns.size() && i < row.size(); i++) {
                Object value = ImportRows.value(row.get(i), columns.get(i).type());
                if (value != null) properties.addAll(List.of(columns.get(i).property(), value));
            }
            db.lookupByRID(decode(ea), true).asVertex().newEdge(t.name(), decode(eb), true, properties.toArray()).save();
            if (++n[0] % EDGE_BATCH == 0) {
                db.commit();
                db.begin();
            }
        });
    }

    /** ArcadeDB's type of a header's type. */
    private static Type arcadeType(ImportRows.Type t) {
        return switch (t) {
            case LONG -> Type.LONG;
            case DOUBLE -> Type.DOUBLE;
            case BOOLEAN -> Type.BOOLEAN;
            case STRING -> Type.STRING;
        };
    }

    /** A record id as one long: its bucket in the top 16 bits, its position below. */
    private static long encode(RID rid) {
        return ((long) rid.getBucketId() << 48) | rid.getPosition();
    }

    /** A record id without its database (26.x has no other constructor; 25.3.1 takes it too): looked up in the loading database. */
    private static RID decode(long encoded) {
        return new RID((int) (encoded >>> 48), encoded & ((1L << 48) - 1));
    }
}
