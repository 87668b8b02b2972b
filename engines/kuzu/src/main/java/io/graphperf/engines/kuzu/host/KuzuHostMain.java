package io.graphperf.engines.kuzu.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.kuzudb.Connection;
import com.kuzudb.Database;
import com.kuzudb.Version;
import io.graphperf.core.engine.HostLoop;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedEngine;
import io.graphperf.core.engine.Statement;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Kuzu engine host: an embedded Kuzu database in this JVM, driven line by line over stdin by graphperf's adapter
 * ({@code KuzuEngine}, through {@code HostProcess} and {@link HostLoop}): open, load, execute, close, and the requests every
 * host answers alike ({@link HostRequests}: fetch, long, measure, exit). The host never times anything but the in-process measurement, which graphperf's own Runner does here as it does
 * inside Neo4j.
 */
public final class KuzuHostMain {

    private static final ObjectMapper JSON = HostedEngine.JSON;
    private static Database db;
    private static Connection admin;

    private KuzuHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(KuzuHostMain::handle, () -> {
            try {
                Class.forName("com.kuzudb.Native"); // loads the native library now: its absence is one clear message at start
            } catch (Throwable t) {
                throw new IllegalStateException("Kuzu's native library did not load (" + t + "); the kuzu jar ships it for Linux (glibc), macOS and"
                        + " Windows on x86-64 and arm64");
            }
        }, KuzuHostMain::closeDatabase);
    }

    @SuppressWarnings("unchecked")
    private static String handle(String[] a) throws Exception {
        switch (a[0]) {
            case "open" -> { // folder, buffer pool bytes, threads per query (0 = Kuzu's default)
                closeDatabase();
                db = new Database(Path.of(a[1]).toAbsolutePath().toString(), Long.parseLong(a[2]), true, false, 0, true, -1);
                admin = new Connection(db);
                if (Long.parseLong(a[3]) > 0) admin.setMaxNumThreadForExec(Long.parseLong(a[3]));
                Map<String, Object> env = new LinkedHashMap<>();
                env.put("version", Version.getVersion());
                env.put("storageVersion", Version.getStorageVersion());
                env.put("bufferPoolBytes", Long.parseLong(a[2]));
                env.put("threadsPerQuery", admin.getMaxNumThreadForExec());
                return JSON.writeValueAsString(env);
            }
            case "load" -> { // the load spec as JSON: tables created, then COPY of every node table, then every relationship table
                return JSON.writeValueAsString(KuzuLoad.run(q -> {
                    try (var r = admin.query(q)) {
                        return KuzuValues.rows(r);
                    }
                }, JSON.readValue(a[1], ImportFiles.class)));
            }
            case "execute" -> {
                try (var s = new KuzuTransport(db).openSession()) {
                    s.fetch(new Statement(a[1], JSON.readValue(a[2], Map.class)));
                }
                return "done";
            }
            case "close" -> {
                closeDatabase();
                return "closed";
            }
            default -> {
                return HostRequests.answer(a, () -> new KuzuTransport(db));
            }
        }
    }

    private static void closeDatabase() {
        if (admin != null) admin.close();
        if (db != null) db.close();
        admin = null;
        db = null;
    }
}
