package io.graphperf.engines.arcadedb.host;

import com.arcadedb.Constants;
import com.arcadedb.GlobalConfiguration;
import com.arcadedb.database.Database;
import com.arcadedb.database.DatabaseFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.HostLoop;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.arcadedb.ArcadeDbEngines;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedEngine;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The ArcadeDB engine host: an embedded ArcadeDB database in this JVM, driven line by line over stdin by graphperf's adapter
 * ({@code ArcadeDbEngine}, through {@code HostProcess} and {@link HostLoop}): open, load, execute, recreate, close, and the
 * requests every host answers alike ({@link HostRequests}: fetch, long, measure, exit). Nothing here times anything but the in-process measurement, which graphperf's own Runner does, as it does inside Neo4j.
 */
public final class ArcadeDbHostMain {

    private static final ObjectMapper JSON = HostedEngine.JSON;
    /** ArcadeDB's schema statements (SQL), which the host runs outside a transaction. */
    static final Pattern SCHEMA = Pattern.compile("^sql:\\s*(CREATE|DROP|ALTER)\\s+(VERTEX\\s+TYPE|EDGE\\s+TYPE|DOCUMENT\\s+TYPE|TYPE|PROPERTY|INDEX|BUCKET)\\b",
            Pattern.CASE_INSENSITIVE);
    /** The database's folder in the store's (its name is the database's name). */
    static final String DATABASE = "db";
    private static int generation;
    private static DatabaseFactory factory;
    private static Database db;

    private ArcadeDbHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(ArcadeDbHostMain::handle, () -> {
            try {
                Class.forName("com.arcadedb.database.DatabaseFactory");
                Class.forName("com.arcadedb.cypher.query.CypherQueryEngine");
            } catch (Throwable t) {
                throw new IllegalStateException("ArcadeDB's classes did not load (" + t + "): the engine host needs com.arcadedb:arcadedb-engine,"
                        + " arcadedb-gremlin and arcadedb-network " + ArcadeDbEngines.VERSION + " on its classpath");
            }
        }, ArcadeDbHostMain::closeDatabase);
    }

    @SuppressWarnings("unchecked")
    private static String handle(String[] a) throws Exception {
        switch (a[0]) {
            case "open" -> { // folder, page cache bytes (0: ArcadeDB's default)
                closeDatabase();
                long pageCache = Long.parseLong(a[2]);
                if (pageCache > 0) GlobalConfiguration.MAX_PAGE_RAM.setValue(Math.max(1, pageCache >> 20));
                factory = new DatabaseFactory(Path.of(a[1]).toAbsolutePath().resolve(DATABASE).toString());
                db = factory.exists() ? factory.open() : factory.create();
                Map<String, Object> env = new LinkedHashMap<>();
                env.put("version", Constants.getRawVersion());
                env.put("maxPageRamMiB", GlobalConfiguration.MAX_PAGE_RAM.getValueAsLong());
                env.put("bucketsPerType", GlobalConfiguration.TYPE_DEFAULT_BUCKETS.getValueAsInteger());
                env.put("walFlush", GlobalConfiguration.TX_WAL_FLUSH.getValueAsInteger());
                env.put("isolation", db.getTransactionIsolationLevel().name());
                return JSON.writeValueAsString(env);
            }
            case "load" -> {
                return JSON.writeValueAsString(ArcadeDbLoad.run(db, JSON.readValue(a[1], ImportFiles.class)));
            }
            case "execute" -> { // schema statements outside a transaction (ArcadeDB changes its schema at once), others in one
                Statement st = new Statement(a[1], JSON.readValue(a[2], Map.class));
                if (SCHEMA.matcher(st.text()).find()) ArcadeDbTransport.run(db, st);
                else new ArcadeDbTransport(db).openSession().fetch(st);
                if (db.isTransactionActive()) throw new IllegalStateException("a statement left a transaction open: " + a[1]);
                return "done";
            }
            case "recreate" -> { // an empty database in place of the open one, in a folder of a new name (see ArcadeDbEngine.reset)
                Path old = Path.of(factory.getDatabasePath());
                closeDatabase();
                ImportFiles.deleteTree(old);
                generation++;
                factory = new DatabaseFactory(old.resolveSibling(DATABASE + "-" + generation).toString());
                db = factory.create();
                return "recreated";
            }
            case "close" -> {
                closeDatabase();
                return "closed";
            }
            default -> {
                return HostRequests.answer(a, () -> new ArcadeDbTransport(db));
            }
        }
    }

    private static void closeDatabase() {
        if (db != null && db.isOpen()) db.close();
        if (factory != null) factory.close();
        db = null;
        factory = null;
    }
}
