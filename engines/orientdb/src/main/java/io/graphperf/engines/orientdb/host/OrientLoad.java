package io.graphperf.engines.orientdb.host;

import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.id.ORID;
import com.orientechnologies.orient.core.id.ORecordId;
import com.orientechnologies.orient.core.metadata.schema.OClass;
import com.orientechnologies.orient.core.metadata.schema.OType;
import com.orientechnologies.orient.core.record.OEdge;
import com.orientechnologies.orient.core.record.OElement;
import com.orientechnologies.orient.core.record.OVertex;
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
 * A dataset in the bulk-import layout loaded into OrientDB through its Java API: a vertex class per label and an edge class per
 * relationship type (regular edges: records of their own, which hold the relationship's properties), each property declared
 * with the header's type, nodes created in transactions of {@value #BATCH}, then relationships in transactions of
 * {@value #EDGE_BATCH}, each relationship's ends found by key in a map built while loading (record ids are known once a
 * transaction commits). No index is built here; the schema phase builds them. An empty field is no property, as Neo4j's
 * importer makes it; a relationship whose end is not among the loaded nodes is a bad entry, listed in the host's log.
 */
final class OrientLoad {

    static final int BATCH = 10_000;
    static final int EDGE_BATCH = 1_000;
    private static final String ENGINE = "OrientDB";

    private OrientLoad() {
    }

    static Map<String, Object> run(ODatabaseSession db, ImportFiles files) throws IOException {
        return ImportRows.load(files, ENGINE, new ImportRows.TableLoader() {
            @Override
            public long nodes(ImportFiles.Table t, KeyMap keys) throws IOException {
                return OrientLoad.nodes(db, t, keys);
            }

            @Override
            public long[] relationships(ImportFiles.Table t, Map<String, KeyMap> keys) throws IOException {
                return OrientLoad.relationships(db, t, keys);
            }
        });
    }

    private static void declare(ODatabaseSession db, String name, boolean vertex, List<Column> columns) {
        OClass c = db.getMetadata().getSchema().getClass(name);
        if (c == null) c = vertex ? db.createVertexClass(name) : db.createEdgeClass(name);
        for (Column col : columns) {
            if (col.property() != null && c.getProperty(col.property()) == null) c.createProperty(col.property(), orientType(col.type()));
        }
    }

    private static long nodes(ODatabaseSession db, ImportFiles.Table t, KeyMap keys) throws IOException {
        List<Column> columns = ImportRows.header(t.header(), ENGINE);
        declare(db, t.name(), true, columns);
        long[] n = {0};
        List<Object[]> pending = new ArrayList<>(); // key, vertex: its record id is final once committed
        db.begin();
        try {
            for (Path f : t.files()) {
                ImportRows.forEachRow(f, (row, line) -> {
                    OVertex v = db.newVertex(t.name());
                    Long key = null;
                    for (int i = 0; i < columns.size() && i < row.size(); i++) {
                        Column c = columns.get(i);
                        Object value = ImportRows.value(row.get(i), c.type());
                        if (value == null) continue;
                        v.setProperty(c.property(), value);
                        if (c.role() == Role.ID) key = (Long) value;
                    }
                    v.save();
                    if (key != null) pending.add(new Object[]{key, v});
                    if (++n[0] % BATCH == 0) {
                        commit(db, pending, keys);
                        db.begin();
                    }
                });
            }
            commit(db, pending, keys);
        } finally {
            if (db.getTransaction().isActive()) db.rollback();
        }
        return n[0];
    }

    private static void commit(ODatabaseSession db, List<Object[]> pending, KeyMap keys) {
        db.commit();
        for (Object[] p : pending) keys.put((Long) p[0], encode(((OVertex) p[1]).getIdentity()));
        pending.clear();
    }

    /** Loads a type's relationships; returns how many, and how many were left out (an end not loaded). */
    private static long[] relationships(ODatabaseSession db, ImportFiles.Table t, Map<String, KeyMap> keys) throws IOException {
        List<Column> columns = ImportRows.relationshipHeader(t, ENGINE);
        declare(db, t.name(), false, columns.subList(2, columns.size()));
        KeyMap from = keys.getOrDefault(columns.get(0).idSpace(), new KeyMap()), to = keys.getOrDefault(columns.get(1).idSpace(), new KeyMap());
        long[] n = {0, 0};
        db.begin();
        try {
            for (Path f : t.files()) {
                ImportRows.forEachRow(f, (row, line) -> {
                    long ea = from.get(ImportRows.key(row.get(0)), -1), eb = row.size() > 1 ? to.get(ImportRows.key(row.get(1)), -1) : -1;
                    if (ea < 0 || eb < 0) {
                        n[1]++;
                        System.err.println("left out by the loader (an end is not a loaded node): " + f + ", line " + line + ": " + row);
                        return;
                    }
                    OEdge e = db.newEdge(vertex(db, ea), vertex(db, eb), t.name());
                    for (int i = 2; i < columns.size() && i < row.size(); i++) {
                        Object value = ImportRows.value(row.get(i), columns.get(i).type());
                        if (value != null) e.setProperty(columns.get(i).property(), value);
                    }
                    e.save();
                    if (++n[0] % EDGE_BATCH == 0) {
                        db.commit();
                        db.begin();
                    }
                });
            }
            db.commit();
        } finally {
            if (db.getTransaction().isActive()) db.rollback();
        }
        return n;
    }

    private static OVertex vertex(ODatabaseSession db, long encoded) {
        OElement e = db.load(new ORecordId((int) (encoded >>> 48), encoded & ((1L << 48) - 1)));
        return e.asVertex().orElseThrow(() -> new IllegalStateException("record " + e.getIdentity() + " is not a vertex"));
    }

    private static OType orientType(ImportRows.Type t) {
        return switch (t) {
            case LONG -> OType.LONG;
            case DOUBLE -> OType.DOUBLE;
            case BOOLEAN -> OType.BOOLEAN;
            case STRING -> OType.STRING;
        };
    }

    /** A record id as one long: its cluster in the top 16 bits, its position below. */
    private static long encode(ORID rid) {
        if (!rid.isPersistent()) throw new IllegalStateException("record id " + rid + " is not final after its transaction committed");
        return ((long) rid.getClusterId() << 48) | rid.getClusterPosition();
    }
}
