package io.graphperf.engines.orientdb.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.orientechnologies.orient.core.OConstants;
import com.orientechnologies.orient.core.config.OGlobalConfiguration;
import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.db.OrientDB;
import com.orientechnologies.orient.core.db.OrientDBConfig;
import io.graphperf.core.engine.HostLoop;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedEngine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OrientDB engine host of the studies that run on several engines (E1, E2): an embedded OrientDB database in this JVM,
 * driven line by line over stdin by graphperf's adapter ({@code OrientEngine}, through {@code HostProcess} and {@link HostLoop}):
 * open, load, execute, indexes, recreate, close, and the requests every host answers alike ({@link HostRequests}: fetch, long, measure,
 * exit). Nothing here times anything but the in-process measurement, which graphperf's own Runner does.
 */
public final class OrientEngineHostMain {

    private static final ObjectMapper JSON = HostedEngine.JSON;
    /** The database's name in the store's folder. */
    static final String DATABASE = "db";
    private static int generation;
    private static OrientDB orient;
    private static String name;
    private static ODatabaseSession db;

    private OrientEngineHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(OrientEngineHostMain::answer, () -> { }, OrientEngineHostMain::closeAll);
    }

    /** A request's answer; a parse error's message without OrientDB's list of every token it would have taken (hundreds). */
    private static String answer(String[] a) throws Exception {
        try {
            return handle(a);
        } catch (com.orientechnologies.orient.core.sql.OCommandSQLParsingException e) {
            String m = String.valueOf(e.getMessage());
            int cut = m.indexOf("Was expecting one of:");
            throw new IllegalArgumentException("OCommandSQLParsingException: " + (cut < 0 ? m : m.substring(0, cut).strip() + " (…)"), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static String handle(String[] a) throws Exception {
        switch (a[0]) {
            case "open" -> { // folder, disk cache bytes: the database there, created when new
                closeAll();
                long diskCache = Long.parseLong(a[2]);
                if (diskCache > 0) OGlobalConfiguration.DISK_CACHE_SIZE.setValue(Math.max(1, diskCache >> 20));
                Path dir = Path.of(a[1]).toAbsolutePath();
                Files.createDirectories(dir);
                orient = new OrientDB("embedded:" + dir, OrientDBConfig.defaultConfig());
                name = DATABASE;
                if (!orient.exists(name)) create();
                db = orient.open(name, "admin", "admin");
                Map<String, Object> env = new LinkedHashMap<>();
                env.put("version", OConstants.getRawVersion());
                env.put("diskCacheMiB", OGlobalConfiguration.DISK_CACHE_SIZE.getValueAsLong());
                env.put("useWal", OGlobalConfiguration.USE_WAL.getValueAsBoolean());
                env.put("walSyncOnPageFlush", OGlobalConfiguration.WAL_SYNC_ON_PAGE_FLUSH.getValueAsBoolean());
                env.put("txUseLog", OGlobalConfiguration.TX_USE_LOG.getValueAsBoolean());
                return JSON.writeValueAsString(env);
            }
            case "load" -> {
                db.activateOnCurrentThread();
                return JSON.writeValueAsString(OrientLoad.run(db, JSON.readValue(a[1], ImportFiles.class)));
            }
            case "execute" -> { // a statement on a session of its own (schema statements run outside a transaction, as OrientDB takes them)
                try (var s = transport().openSession()) {
                    s.fetch(new Statement(a[1], JSON.readValue(a[2], Map.class)));
                }
                return "done";
            }
            case "recreate" -> { // an empty database in place of the open one, under a new name (see OrientEngine.reset)
                db.activateOnCurrentThread();
                db.close();
                orient.drop(name);
                generation++;
                name = DATABASE + "-" + generation;
                create();
                db = orient.open(name, "admin", "admin");
                return "recreated";
            }
            case "indexes" -> { // each index on a vertex or edge class: its type, class and properties (OrientDB's own, on OUser…, left out)
                db.activateOnCurrentThread();
                List<List<Object>> out = new ArrayList<>();
                var internal = (com.orientechnologies.orient.core.db.ODatabaseDocumentInternal) db;
                internal.getMetadata().reload();
                for (var i : internal.getMetadata().getIndexManagerInternal().getIndexes(internal)) {
                    var d = i.getDefinition();
                    var c = d == null || d.getClassName() == null ? null : db.getMetadata().getSchema().getClass(d.getClassName());
                    if (c == null || !(c.isSubClassOf("V") || c.isSubClassOf("E"))) continue;
                    out.add(List.of(i.getType(), d.getClassName(), d.getFields()));
                }
                return JSON.writeValueAsString(out);
            }
            case "close" -> {
                closeAll();
                return "closed";
            }
            default -> {
                return HostRequests.answer(a, OrientEngineHostMain::transport);
            }
        }
    }

    private static OrientTransport transport() {
        if (orient == null) throw new IllegalStateException("no database is open");
        return new OrientTransport(orient, name);
    }

    private static void create() {
        orient.execute("create database `" + name + "` plocal users (admin identified by 'admin' role admin)").close();
    }

    private static void closeAll() {
        if (db != null) {
            db.activateOnCurrentThread();
            db.close();
            db = null;
        }
        if (orient != null) {
            orient.close();
            orient = null;
        }
    }
}
