package io.graphperf.engines.arcadedb.host;

import com.arcadedb.Constants;
import com.arcadedb.GlobalConfiguration;
import com.arcadedb.database.Database;
import com.arcadedb.database.DatabaseFactory;
import io.graphperf.engines.hosted.Generations;
import io.graphperf.engines.hosted.HostDispatch;
import io.graphperf.engines.hosted.HostLoop;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.arcadedb.ArcadeDbEngines;
import io.graphperf.engines.hosted.HostRequests;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The ArcadeDB engine host: an embedded ArcadeDB database in this JVM, driven over stdin by graphperf's adapter
 * ({@code ArcadeDbEngine}, through {@code HostProcess} and {@link HostLoop}) with typed requests: open, load, execute, recreate,
 * close, and those every host answers alike ({@link HostRequests#common}: fetch, long, measure). Nothing here times anything but the in-process measurement, which graphperf's own Runner does, as it does inside Neo4j.
 */
public final class ArcadeDbHostMain {

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
        HostLoop.serve(requests(), () -> {
            try {
                Class.forName("com.arcadedb.database.DatabaseFactory");
                cypherEngine();
            } catch (Throwable t) {
                throw new IllegalStateException("ArcadeDB's classes did not load (" + t + "): the engine host needs com.arcadedb:arcadedb-engine"
                        + " on its classpath, and for " + ArcadeDbEngines.VERSION + "'s Cypher arcadedb-gremlin and arcadedb-network");
            }
        }, ArcadeDbHostMain::closeDatabase);
    }

    /** ArcadeDB's Cypher: its Gremlin module's (Cypher for Gremlin, 25.x) or its own (26.x's engine jar). */
    private static void cypherEngine() throws ClassNotFoundException {
        try {
            Class.forName("com.arcadedb.cypher.query.CypherQueryEngine");
        } catch (ClassNotFoundException gremlin) {
            Class.forName("com.arcadedb.query.opencypher.query.OpenCypherQueryEngineFactory");
        }
    }

    private static HostDispatch requests() {
        return new HostDispatch()
                .on(HostRequests.Open.class, ArcadeDbHostMain::open)
                .on(HostRequests.Load.class, r -> ArcadeDbLoad.run(db, r.files()))
                .on(HostRequests.Execute.class, r -> { // schema statements outside a transaction (ArcadeDB changes its schema at once), others in one
                    Statement st = new Statement(r.statement(), r.params());
                    if (SCHEMA.matcher(st.text()).find()) ArcadeDbTransport.run(db, st);
                    else new ArcadeDbTransport(db).openSession().fetch(st);
                    if (db.isTransactionActive()) throw new IllegalStateException("a statement left a transaction open: " + r.statement());
                    return "done";
                })
                .on(HostRequests.Recreate.class, r -> { // an empty database in place of the open one, in a folder of a new name (see ArcadeDbEngine.reset)
                    Path old = Path.of(factory.getDatabasePath());
                    closeDatabase();
                    ImportFiles.deleteTree(old);
                    generation++;
                    factory = new DatabaseFactory(old.resolveSibling(Generations.name(DATABASE, generation)).toString());
                    db = factory.create();
                    return "recreated";
                })
                .on(HostRequests.Close.class, r -> {
                    closeDatabase();
                    return "closed";
                })
                .with(HostRequests.common(() -> new ArcadeDbTransport(db)));
    }

    /** The database in the store's folder (created when new; after resets, the newest of its generations), its page cache {@code cacheBytes} (0: ArcadeDB's default). */
    private static Map<String, Object> open(HostRequests.Open r) {
        closeDatabase();
        if (r.cacheBytes() > 0) GlobalConfiguration.MAX_PAGE_RAM.setValue(Math.max(1, r.cacheBytes() >> 20));
        Path store = Path.of(r.store()).toAbsolutePath();
        String[] names = store.toFile().list();
        generation = Generations.newest(names == null ? List.of() : List.of(names), DATABASE); // the newest after resets: where the last writes went
        factory = new DatabaseFactory(store.resolve(Generations.name(DATABASE, generation)).toString());
        db = factory.exists() ? factory.open() : factory.create();
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("version", Constants.getRawVersion());
        env.put("maxPageRamMiB", GlobalConfiguration.MAX_PAGE_RAM.getValueAsLong());
        env.put("bucketsPerType", GlobalConfiguration.TYPE_DEFAULT_BUCKETS.getValueAsInteger());
        env.put("walFlush", GlobalConfiguration.TX_WAL_FLUSH.getValueAsInteger());
        env.put("isolation", db.getTransactionIsolationLevel().name());
        return env;
    }

    private static void closeDatabase() {
        if (db != null && db.isOpen()) db.close();
        if (factory != null) factory.close();
        db = null;
        factory = null;
    }
}
