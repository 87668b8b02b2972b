package io.graphperf.engines.ladybug.host;

import io.graphperf.engines.hosted.HostDispatch;
import io.graphperf.engines.hosted.HostLoop;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedBulkImport;
import io.graphperf.engines.kuzu.host.KuzuLoad;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The LadybugDB engine host: a JVM of graphperf's that starts graphperf's LadybugDB server (Python, {@link LadybugServer}) on the
 * store it is asked to open and reaches it over loopback TCP ({@link LadybugTransport}), driven over stdin by
 * graphperf's adapter ({@code LadybugEngine}) with typed requests: {@link LadybugOpen}, load (Kuzu's COPY path, which LadybugDB
 * keeps), execute, close, and those every host answers alike ({@link HostRequests#common}: fetch, long, measure). graphperf's Runner measures here, so every
 * figure includes the boundary's round trip, which open measures alone ({@link LadybugFacts}).
 */
public final class LadybugHostMain {

    private static LadybugServer server;

    private LadybugHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(requests(), () -> {
        }, LadybugHostMain::closeServer);
    }

    private static HostDispatch requests() {
        return new HostDispatch()
                .on(LadybugOpen.class, r -> {
                    closeServer();
                    server = LadybugServer.start(r.python(), Path.of(r.packages()), Path.of(r.script()), Path.of(r.store()), r.bufferPoolBytes(),
                            r.threadsPerQuery());
                    return LadybugFacts.of(server);
                })
                .on(HostRequests.Load.class, r -> {
                    try (LadybugTransport.Connection c = new LadybugTransport.Connection(port())) {
                        Map<String, Object> out = KuzuLoad.run(q -> c.rows(q, Map.of()), r.files());
                        out.put(HostedBulkImport.SERVER_PEAK_RSS, Machine.peakRssBytes(server.pid()));
                        return out;
                    }
                })
                .on(HostRequests.Execute.class, r -> {
                    try (var s = transport().openSession()) {
                        s.fetch(new Statement(r.statement(), r.params()));
                    }
                    return "done";
                })
                .on(HostRequests.Close.class, r -> {
                    closeServer();
                    return "closed";
                })
                // the cells' server CPU: the LadybugDB server's and this host's (its client work)
                .with(HostRequests.common(LadybugHostMain::transport, () -> List.of(server.pid(), ProcessHandle.current().pid())));
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
