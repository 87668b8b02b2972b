package io.graphperf.engines.kuzu.host;

import com.kuzudb.Connection;
import com.kuzudb.Database;
import com.kuzudb.Version;
import io.graphperf.engines.hosted.HostDispatch;
import io.graphperf.engines.hosted.HostLoop;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.core.engine.Statement;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Kuzu engine host: an embedded Kuzu database in this JVM, driven over stdin by graphperf's adapter
 * ({@code KuzuEngine}, through {@code HostProcess} and {@link HostLoop}) with typed requests: {@link KuzuOpen}, load, execute,
 * close, and those every host answers alike ({@link HostRequests#common}: fetch, long, measure). The host never times anything but the in-process measurement, which graphperf's own Runner does here as it does
 * inside Neo4j.
 */
public final class KuzuHostMain {

    private static Database db;
    private static Connection admin;

    private KuzuHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(requests(), () -> {
            try {
                Class.forName("com.kuzudb.Native"); // loads the native library now: its absence is one clear message at start
            } catch (Throwable t) {
                throw new IllegalStateException("Kuzu's native library did not load (" + t + "); the kuzu jar ships it for Linux (glibc), macOS and"
                        + " Windows on x86-64 and arm64");
            }
        }, KuzuHostMain::closeDatabase);
    }

    private static HostDispatch requests() {
        return new HostDispatch()
                .on(KuzuOpen.class, KuzuHostMain::open)
                .on(HostRequests.Load.class, r -> KuzuLoad.run(q -> {
                    try (var res = admin.query(q)) {
                        return KuzuValues.rows(res);
                    }
                }, r.files()))
                .on(HostRequests.Execute.class, r -> {
                    try (var s = new KuzuTransport(db).openSession()) {
                        s.fetch(new Statement(r.statement(), r.params()));
                    }
                    return "done";
                })
                .on(HostRequests.Close.class, r -> {
                    closeDatabase();
                    return "closed";
                })
                .with(HostRequests.common(() -> new KuzuTransport(db)));
    }

    private static Map<String, Object> open(KuzuOpen r) {
        closeDatabase();
        db = new Database(Path.of(r.store()).toAbsolutePath().toString(), r.bufferPoolBytes(), true, false, 0, true, -1);
        admin = new Connection(db);
        if (r.threadsPerQuery() > 0) admin.setMaxNumThreadForExec(r.threadsPerQuery());
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("version", Version.getVersion());
        env.put("storageVersion", Version.getStorageVersion());
        env.put("bufferPoolBytes", r.bufferPoolBytes());
        env.put("threadsPerQuery", admin.getMaxNumThreadForExec());
        return env;
    }

    private static void closeDatabase() {
        if (admin != null) admin.close();
        if (db != null) db.close();
        admin = null;
        db = null;
    }
}
