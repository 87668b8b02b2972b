package io.graphperf.engines.orientdb.host;

import com.orientechnologies.orient.core.OConstants;
import com.orientechnologies.orient.core.command.OCommandOutputListener;
import com.orientechnologies.orient.core.config.OGlobalConfiguration;
import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.db.OrientDB;
import com.orientechnologies.orient.core.db.OrientDBConfig;
import com.orientechnologies.orient.core.db.ODatabaseDocumentInternal;
import com.orientechnologies.orient.core.db.tool.ODatabaseExport;
import com.orientechnologies.orient.core.db.tool.ODatabaseImport;
import com.orientechnologies.orient.core.metadata.schema.OClass;
import com.orientechnologies.orient.core.sql.OCommandSQLParsingException;
import io.graphperf.engines.hosted.Generations;
import io.graphperf.engines.hosted.HostDispatch;
import io.graphperf.engines.hosted.HostLoop;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostRequests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The OrientDB engine host of the studies that run on several engines (E1, E2): an embedded OrientDB database in this JVM,
 * driven over stdin by graphperf's adapter ({@code OrientEngine}, through {@code HostProcess} and {@link HostLoop}) with
 * typed requests: settings, open, load, execute, indexes, recreate, close, E3's import of OrientDB's own JSON export (generate, import,
 * count, index entries), and those every host answers alike ({@link HostRequests#common}: fetch, long, measure). Nothing here times
 * anything but the in-process measurement, which graphperf's own Runner does: the adapter times each request from its side.
 */
public final class OrientEngineHostMain {

    /** The database's name in the store's folder. */
    static final String DATABASE = "db";
    private static int generation;
    private static OrientDB orient;
    private static String name;
    private static ODatabaseSession db;

    private OrientEngineHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(requests(), () -> { }, OrientEngineHostMain::closeAll);
    }

    private static HostDispatch requests() {
        return new HostDispatch()
                .on(HostRequests.Open.class, OrientEngineHostMain::open)
                .on(HostRequests.Load.class, r -> {
                    db.activateOnCurrentThread();
                    return OrientLoad.run(db, r.files());
                })
                .on(HostRequests.Execute.class, r -> { // a statement on a session of its own (schema statements run outside a transaction, as OrientDB takes them)
                    try (var s = transport().openSession()) {
                        s.fetch(new Statement(r.statement(), r.params()));
                    }
                    return "done";
                })
                .on(HostRequests.Recreate.class, r -> { // an empty database in place of the open one, under a new name (see OrientEngine.reset)
                    db.activateOnCurrentThread();
                    db.close();
                    orient.drop(name);
                    generation++;
                    name = Generations.name(DATABASE, generation);
                    create();
                    db = orient.open(name, "admin", "admin");
                    return "recreated";
                })
                .on(OrientRequests.Indexes.class, r -> indexes())
                .on(OrientRequests.Settings.class, OrientEngineHostMain::settings)
                .on(OrientRequests.Import.class, r -> {
                    db.activateOnCurrentThread();
                    ODatabaseImport imp = new ODatabaseImport((ODatabaseDocumentInternal) db, r.file(), quiet());
                    imp.importDatabase();
                    imp.close();
                    return "imported";
                })
                .on(OrientRequests.Count.class, r -> count())
                .on(OrientRequests.IndexEntries.class, r -> indexEntries())
                .on(OrientRequests.Generate.class, r -> new OrientRequests.Counts(ExportGenerator.generate(Path.of(r.file()), r.scale(), r.seed())))
                .on(HostRequests.Close.class, r -> {
                    closeAll();
                    return "closed";
                })
                .with(HostRequests.common(OrientEngineHostMain::transport))
                .errors(OrientEngineHostMain::shortParseError);
    }

    /** A parse error's message without OrientDB's list of every token it would have taken (hundreds). */
    private static Exception shortParseError(Exception e) {
        if (!(e instanceof OCommandSQLParsingException)) return e;
        String m = String.valueOf(e.getMessage());
        int cut = m.indexOf("Was expecting one of:");
        return new IllegalArgumentException("OCommandSQLParsingException: " + (cut < 0 ? m : m.substring(0, cut).strip() + " (…)"), e);
    }

    /** The database in the store's folder, created when new (after resets, the newest of its generations), its disk cache {@code cacheBytes} (0: OrientDB's default). */
    private static Map<String, Object> open(HostRequests.Open r) throws Exception {
        closeAll();
        if (r.cacheBytes() > 0) OGlobalConfiguration.DISK_CACHE_SIZE.setValue(Math.max(1, r.cacheBytes() >> 20));
        Path dir = Path.of(r.store()).toAbsolutePath();
        Files.createDirectories(dir);
        orient = new OrientDB("embedded:" + dir, OrientDBConfig.defaultConfig());
        generation = Generations.newest(orient.list(), DATABASE); // the newest after resets: where the last writes went
        name = Generations.name(DATABASE, generation);
        if (!orient.exists(name)) create();
        db = orient.open(name, "admin", "admin");
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("version", OConstants.getRawVersion());
        env.put("diskCacheMiB", OGlobalConfiguration.DISK_CACHE_SIZE.getValueAsLong());
        env.put("useWal", OGlobalConfiguration.USE_WAL.getValueAsBoolean());
        env.put("walSyncOnPageFlush", OGlobalConfiguration.WAL_SYNC_ON_PAGE_FLUSH.getValueAsBoolean());
        env.put("txUseLog", OGlobalConfiguration.TX_USE_LOG.getValueAsBoolean());
        env.put("durability", durability());
        return env;
    }

    /** What an acknowledged commit survives under the settings in force, in OrientDB's own terms (its settings' descriptions). */
    private static String durability() {
        if (OGlobalConfiguration.TX_COMMIT_SYNCH.getValueAsBoolean()) {
            return "tx.commit.synch=true: the storage is synchronized after each commit, so an acknowledged commit should survive a killed process";
        }
        return "tx.commit.synch=false (OrientDB's default): a commit is acknowledged before its write-ahead log records are written out, which"
                + " happens at most every storage.wal.commitTimeout=" + OGlobalConfiguration.WAL_COMMIT_TIMEOUT.getValueAsInteger() + " ms — a killed"
                + " process loses what was committed since (tx.commit.synch=true asks for a synchronization at commit)";
    }

    /** OrientDB's global configuration, before a database is opened; a name it does not know is refused. */
    private static String settings(OrientRequests.Settings r) {
        r.settings().forEach((k, v) -> {
            OGlobalConfiguration c = OGlobalConfiguration.findByKey(k);
            if (c == null) throw new IllegalArgumentException("OrientDB has no setting '" + k + "'");
            c.setValue(v);
        });
        return "applied";
    }

    /** Records per class of the open database, OrientDB's own classes (O…, V, E) left out. */
    private static OrientRequests.Counts count() {
        db.activateOnCurrentThread();
        Map<String, Long> counts = new TreeMap<>();
        for (OClass c : db.getMetadata().getSchema().getClasses()) {
            String n = c.getName();
            if (n.startsWith("O") || n.equals("V") || n.equals("E")) continue;
            counts.put(n, c.count(false));
        }
        return new OrientRequests.Counts(counts);
    }

    /** Entries per index of the open database, OrientDB's own (O…) left out. */
    private static OrientRequests.Counts indexEntries() {
        db.activateOnCurrentThread();
        Map<String, Long> entries = new LinkedHashMap<>();
        var internal = (ODatabaseDocumentInternal) db;
        for (var i : internal.getMetadata().getIndexManagerInternal().getIndexes(internal)) {
            if (!i.getName().startsWith("O")) entries.put(i.getName(), i.getInternal().size());
        }
        return new OrientRequests.Counts(entries);
    }

    private static OCommandOutputListener quiet() {
        return text -> {
        };
    }

    /** Exports an open database as OrientDB's JSON export (the generator's, on its in-memory database). */
    static void export(ODatabaseSession from, Path file) throws Exception {
        ODatabaseExport e = new ODatabaseExport((ODatabaseDocumentInternal) from, file.toString(), quiet());
        e.exportDatabase();
        e.close();
    }

    /** Each index on a vertex or edge class: its type, class and properties (OrientDB's own, on OUser…, left out). */
    private static List<List<Object>> indexes() {
        db.activateOnCurrentThread();
        List<List<Object>> out = new ArrayList<>();
        var internal = (ODatabaseDocumentInternal) db;
        internal.getMetadata().reload();
        for (var i : internal.getMetadata().getIndexManagerInternal().getIndexes(internal)) {
            var d = i.getDefinition();
            var c = d == null || d.getClassName() == null ? null : db.getMetadata().getSchema().getClass(d.getClassName());
            if (c == null || !(c.isSubClassOf("V") || c.isSubClassOf("E"))) continue;
            out.add(List.of(i.getType(), d.getClassName(), d.getFields()));
        }
        return out;
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
