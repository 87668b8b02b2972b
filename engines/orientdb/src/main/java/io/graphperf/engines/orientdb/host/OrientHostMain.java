package io.graphperf.engines.orientdb.host;

import com.orientechnologies.orient.core.command.OCommandOutputListener;
import com.orientechnologies.orient.core.config.OGlobalConfiguration;
import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.db.ODatabaseType;
import com.orientechnologies.orient.core.db.OrientDB;
import com.orientechnologies.orient.core.db.OrientDBConfig;
import com.orientechnologies.orient.core.db.ODatabaseDocumentInternal;
import com.orientechnologies.orient.core.db.tool.ODatabaseExport;
import com.orientechnologies.orient.core.db.tool.ODatabaseImport;
import com.orientechnologies.orient.core.metadata.schema.OClass;
import com.orientechnologies.orient.core.sql.executor.OResultSet;
import io.graphperf.engines.hosted.HostDispatch;
import io.graphperf.engines.hosted.HostLoop;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.Runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The OrientDB engine host: an embedded OrientDB in this JVM, driven over stdin by graphperf's launcher
 * ({@code OrientHost}) through {@link HostLoop} with the typed requests of {@link OrientRequests} (settings, create, open, import,
 * close, count, index-entries, query, command, generate, drop, measure). The host never times anything: the launcher times each request from its side.
 * OrientDB's own messages go to stderr (the host's log file).
 */
public final class OrientHostMain {

    private static OrientDB orient;
    private static ODatabaseSession db;
    private static String name;

    private OrientHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(requests(), () -> { }, OrientHostMain::closeAll);
    }

    private static HostDispatch requests() {
        return new HostDispatch()
                .on(OrientRequests.Settings.class, OrientHostMain::settings)
                .on(OrientRequests.Create.class, r -> {
                    Path dir = Path.of(r.folder()).toAbsolutePath();
                    Files.createDirectories(dir.getParent());
                    orient = new OrientDB("embedded:" + dir.getParent(), OrientDBConfig.defaultConfig());
                    name = dir.getFileName().toString();
                    orient.execute("create database `" + name + "` plocal users (admin identified by 'admin' role admin)").close();
                    db = orient.open(name, "admin", "admin");
                    return "created";
                })
                .on(OrientRequests.Open.class, r -> {
                    Path dir = Path.of(r.folder()).toAbsolutePath();
                    orient = new OrientDB("embedded:" + dir.getParent(), OrientDBConfig.defaultConfig());
                    name = dir.getFileName().toString();
                    db = orient.open(name, "admin", "admin");
                    return "opened";
                })
                .on(OrientRequests.Import.class, r -> {
                    ODatabaseImport imp = new ODatabaseImport((ODatabaseDocumentInternal) db, r.file(), quiet());
                    imp.importDatabase();
                    imp.close();
                    return "imported";
                })
                .on(OrientRequests.Close.class, r -> {
                    closeAll();
                    return "closed";
                })
                .on(OrientRequests.Count.class, r -> count())
                .on(OrientRequests.IndexEntries.class, r -> indexEntries())
                .on(OrientRequests.Query.class, r -> {
                    long n = 0;
                    try (OResultSet rs = db.query(r.sql())) {
                        for (; rs.hasNext(); n++) rs.next();
                    }
                    return n;
                })
                .on(OrientRequests.Command.class, r -> {
                    db.command(r.sql()).close();
                    return "done";
                })
                .on(OrientRequests.Generate.class, r -> OrientRequests.Counts.parse(ExportGenerator.generate(Path.of(r.file()), r.scale(), r.seed())))
                .on(OrientRequests.Drop.class, r -> {
                    closeAll();
                    Path dir = Path.of(r.folder()).toAbsolutePath();
                    try (OrientDB o = new OrientDB("embedded:" + dir.getParent(), OrientDBConfig.defaultConfig())) {
                        if (o.exists(dir.getFileName().toString())) o.drop(dir.getFileName().toString());
                    }
                    return "dropped";
                })
                .on(OrientRequests.MeasureScenario.class, OrientHostMain::measure);
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

    private static OrientRequests.Counts count() {
        Map<String, Long> counts = new TreeMap<>();
        for (OClass c : db.getMetadata().getSchema().getClasses()) {
            String n = c.getName();
            if (n.startsWith("O") || n.equals("V") || n.equals("E")) continue; // OrientDB's own classes
            counts.put(n, c.count(false));
        }
        return new OrientRequests.Counts(counts);
    }

    private static OrientRequests.Counts indexEntries() {
        Map<String, Long> entries = new LinkedHashMap<>();
        for (var i : ((ODatabaseDocumentInternal) db).getMetadata().getIndexManagerInternal().getIndexes((ODatabaseDocumentInternal) db)) {
            if (!i.getName().startsWith("O")) entries.put(i.getName(), i.getInternal().size());
        }
        return new OrientRequests.Counts(entries);
    }

    /** graphperf's Runner on OrientDB's embedded API in this JVM, then the id check. */
    private static OrientRequests.ScenarioResult measure(OrientRequests.MeasureScenario r) throws Exception {
        OrientWrites.Scenario sc = OrientWrites.of(r.scenario());
        for (String st : sc.setup()) db.command(st).close();
        InProcessPlan plan = r.plan();
        Measurement m;
        try (OrientTransport t = new OrientTransport(orient, name)) {
            m = new Runner(t, sc.source(), plan.runPlan(), plan.histogramLog() == null ? null : Path.of(plan.histogramLog()),
                    List.of(ProcessHandle.current().pid()), List.of()).run();
        }
        return new OrientRequests.ScenarioResult(m, OrientRequests.Counts.parse(OrientWrites.check(db, sc, m)));
    }

    static OCommandOutputListener quiet() {
        return text -> {
        };
    }

    /** Exports the open database (used by the generator on its in-memory database). */
    static void export(ODatabaseSession from, Path file) throws Exception {
        ODatabaseExport e = new ODatabaseExport((ODatabaseDocumentInternal) from, file.toString(), quiet());
        e.exportDatabase();
        e.close();
    }

    private static void closeAll() {
        if (db != null) {
            db.close();
            db = null;
        }
        if (orient != null) {
            orient.close();
            orient = null;
        }
    }
}
