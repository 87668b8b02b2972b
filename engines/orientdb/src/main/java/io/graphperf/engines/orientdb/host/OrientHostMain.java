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
import io.graphperf.core.engine.HostLoop;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.Runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The OrientDB engine host: an embedded OrientDB in this JVM, driven line by line over stdin by graphperf's launcher
 * ({@code OrientHost}) through {@link HostLoop}. Each request is one line, {@code OP<TAB>ARG…}; each reply one line on stdout, {@code ok<TAB>RESULT}
 * or {@code error<TAB>MESSAGE}. The host never times anything: the launcher times each request from its side.
 * OrientDB's own messages go to stderr (the host's log file).
 */
public final class OrientHostMain {

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static OrientDB orient;
    private static ODatabaseSession db;
    private static String name;

    private OrientHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(OrientHostMain::handle, () -> { }, OrientHostMain::closeAll);
    }

    private static String handle(String[] a) throws Exception {
        switch (a[0]) {
            case "settings" -> { // key=value;key=value: OrientDB's global configuration, before a database is opened
                for (String kv : a[1].split(";")) {
                    if (kv.isBlank()) continue;
                    int eq = kv.indexOf('=');
                    OGlobalConfiguration c = OGlobalConfiguration.findByKey(kv.substring(0, eq));
                    if (c == null) throw new IllegalArgumentException("OrientDB has no setting '" + kv.substring(0, eq) + "'");
                    c.setValue(kv.substring(eq + 1));
                }
                return "applied";
            }
            case "create" -> { // folder: a new plocal database there
                Path dir = Path.of(a[1]).toAbsolutePath();
                Files.createDirectories(dir.getParent());
                orient = new OrientDB("embedded:" + dir.getParent(), OrientDBConfig.defaultConfig());
                name = dir.getFileName().toString();
                orient.execute("create database `" + name + "` plocal users (admin identified by 'admin' role admin)").close();
                db = orient.open(name, "admin", "admin");
                return "created";
            }
            case "open" -> {
                Path dir = Path.of(a[1]).toAbsolutePath();
                orient = new OrientDB("embedded:" + dir.getParent(), OrientDBConfig.defaultConfig());
                name = dir.getFileName().toString();
                db = orient.open(name, "admin", "admin");
                return "opened";
            }
            case "import" -> {
                ODatabaseImport imp = new ODatabaseImport((ODatabaseDocumentInternal) db, a[1], quiet());
                imp.importDatabase();
                imp.close();
                return "imported";
            }
            case "close" -> {
                closeAll();
                return "closed";
            }
            case "count" -> {
                Map<String, Long> counts = new TreeMap<>();
                for (OClass c : db.getMetadata().getSchema().getClasses()) {
                    String n = c.getName();
                    if (n.startsWith("O") || n.equals("V") || n.equals("E")) continue; // OrientDB's own classes
                    counts.put(n, c.count(false));
                }
                StringBuilder b = new StringBuilder();
                counts.forEach((k, v) -> b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v));
                return b.toString();
            }
            case "indexes" -> {
                StringBuilder b = new StringBuilder();
                for (var i : ((ODatabaseDocumentInternal) db).getMetadata().getIndexManagerInternal().getIndexes((ODatabaseDocumentInternal) db)) {
                    if (i.getName().startsWith("O")) continue;
                    b.append(b.length() == 0 ? "" : ",").append(i.getName()).append('=').append(i.getInternal().size());
                }
                return b.toString();
            }
            case "query" -> { // SQL; the number of rows
                long n = 0;
                try (OResultSet rs = db.query(a[1])) {
                    while (rs.hasNext()) {
                        rs.next();
                        n++;
                    }
                }
                return Long.toString(n);
            }
            case "command" -> {
                db.command(a[1]).close();
                return "done";
            }
            case "generate" -> { // file scale seed: a deterministic export of a generated database
                return ExportGenerator.generate(Path.of(a[1]), Double.parseDouble(a[2]), Long.parseLong(a[3]));
            }
            case "drop" -> { // folder: the database there removed, with its files
                closeAll();
                Path dir = Path.of(a[1]).toAbsolutePath();
                try (OrientDB o = new OrientDB("embedded:" + dir.getParent(), OrientDBConfig.defaultConfig())) {
                    if (o.exists(dir.getFileName().toString())) o.drop(dir.getFileName().toString());
                }
                return "dropped";
            }
            case "measure" -> { // scenario, plan (JSON): graphperf's Runner on OrientDB's embedded API in this JVM; then the id check
                OrientWrites.Scenario sc = OrientWrites.of(a[1]);
                for (String st : sc.setup()) db.command(st).close();
                InProcessPlan plan = JSON.readValue(a[2], InProcessPlan.class);
                Measurement m;
                try (OrientTransport t = new OrientTransport(orient, name)) {
                    m = new Runner(t, sc.source(), plan.runPlan(), plan.histogramLog() == null ? null : Path.of(plan.histogramLog()),
                            List.of(ProcessHandle.current().pid()), List.of()).run();
                }
                String check = OrientWrites.check(db, sc, m);
                return JSON.writeValueAsString(m) + "\t" + check;
            }
            case "exit" -> {
                return "bye";
            }
            default -> throw new IllegalArgumentException("unknown request '" + a[0] + "'");
        }
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
