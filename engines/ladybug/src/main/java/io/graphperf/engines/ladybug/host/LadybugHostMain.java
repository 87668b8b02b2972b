package io.graphperf.engines.ladybug.host;

import io.graphperf.core.engine.HostLoop;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedBulkImport;
import io.graphperf.engines.hosted.HostedEngine;
import io.graphperf.engines.kuzu.host.KuzuLoad;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The LadybugDB engine host: a JVM of graphperf's that starts graphperf's LadybugDB server (Python, {@link LadybugServer}) on the
 * store it is asked to open and reaches it over loopback TCP ({@link LadybugTransport}), driven line by line over stdin by
 * graphperf's adapter ({@code LadybugEngine}): open, load (Kuzu's COPY path, which LadybugDB keeps), execute, close, and the
 * requests every host answers alike ({@link HostRequests}: fetch, long, measure, exit). graphperf's Runner measures here, so every
 * figure includes the boundary's round trip, which open measures alone ({@link LadybugFacts}).
 */
public final class LadybugHostMain {

    private static LadybugServer server;

    private LadybugHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(LadybugHostMain::handle, () -> {
        }, LadybugHostMain::closeServer);
    }

    @SuppressWarnings("unchecked")
    private static String handle(String[] a) throws Exception {
        switch (a[0]) {
            case "open" -> { // store, python, the folder holding the package, the server script, buffer pool bytes, threads per query
                closeServer();
                server = LadybugServer.start(a[2], Path.of(a[3]), Path.of(a[4]), Path.of(a[1]), Long.parseLong(a[5]), Integer.parseInt(a[6]));
                return HostedEngine.JSON.writeValueAsString(LadybugFacts.of(server));
            }
            case "load" -> {
                try (LadybugTransport.Connection c = new LadybugTransport.Connection(port())) {
                    Map<String, Object> out = KuzuLoad.run(q -> c.rows(q, Map.of()), HostedEngine.JSON.readValue(a[1], ImportFiles.class));
                    out.put(HostedBulkImport.SERVER_PEAK_RSS, Machine.peakRssBytes(server.pid()));
                    return HostedEngine.JSON.writeValueAsString(out);
                }
            }
            case "execute" -> {
                try (var s = transport().openSession()) {
                    s.fetch(new Statement(a[1], HostedEngine.JSON.readValue(a[2], Map.class)));
                }
                return "done";
            }
            case "close" -> {
                closeServer();
                return "closed";
            }
            default -> {
                // the cells' server CPU: the LadybugDB server's and this host's (its client work)
                return HostRequests.answer(a, LadybugHostMain::transport, () -> List.of(server.pid(), ProcessHandle.current().pid()));
            }
        }
    }

    private static int port() {
        if (server == null) throw new IllegalStateException("no LadybugDB server is open");
        if (!server.alive()) throw new IllegalStateException("LadybugDB's server (pid " + server.pid() + ") is gone: " + server.exit());
        return server.port();
    }

    private static LadybugTransport transport() {
        return new LadybugTransport(port());
    }

    private static void closeServer() {
        if (server != null) server.close();
        server = null;
    }
}
