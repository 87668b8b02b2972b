package io.graphperf.engines.falkordb.host;

import io.graphperf.engines.hosted.HostDispatch;
import io.graphperf.engines.hosted.HostLoop;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostRequests;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The FalkorDB engine host: a JVM of graphperf's that starts a FalkorDB server ({@link FalkorDbServer}) on the store it is asked to
 * open and reaches it over the Redis protocol as an application does ({@link FalkorDbTransport}), driven over stdin
 * by graphperf's adapter ({@code FalkorDbEngine}) with typed requests: {@link FalkorDbOpen}, load, execute, recreate, close, and
 * those every host answers alike ({@link HostRequests#common}: fetch, long, measure). graphperf's Runner measures here, over the protocol, so every figure
 * includes a loopback round trip; open measures that round trip with no work in it (PING), which the report shows beside every
 * latency.
 */
public final class FalkorDbHostMain {

    /** The one graph every study uses on a server. */
    static final String GRAPH = "graphperf";
    private static FalkorDbServer server;

    private FalkorDbHostMain() {
    }

    public static void main(String[] args) throws Exception {
        HostLoop.serve(requests(), () -> {
        }, FalkorDbHostMain::closeServer);
    }

    private static HostDispatch requests() {
        return new HostDispatch()
                .on(FalkorDbOpen.class, r -> {
                    closeServer();
                    server = FalkorDbServer.start(Path.of(r.redisServer()), Path.of(r.module()), Path.of(r.store()), Path.of(r.serverLog()), r.config());
                    return FalkorDbFacts.of(server.port(), server.pid(), GRAPH);
                })
                .on(HostRequests.Load.class, r -> {
                    try (Session s = transport().openSession()) {
                        return FalkorDbLoad.run(s, server.port(), server.pid(), r.files());
                    }
                })
                .on(HostRequests.Execute.class, r -> { // each part (separated by " ;; ") in turn: Cypher, or a command of FalkorDB's own (GRAPH.…)
                    for (String part : r.statement().split(" ;; ")) if (!part.isBlank()) execute(part.strip(), r.params());
                    return "done";
                })
                .on(HostRequests.Recreate.class, r -> { // an empty graph: the graph deleted (the next query makes it again)
                    try (Resp c = new Resp("127.0.0.1", server.port())) {
                        List<?> graphs = (List<?>) c.call("GRAPH.LIST");
                        if (graphs.stream().anyMatch(g -> GRAPH.equals(FalkorDbValues.text(g)))) c.call("GRAPH.DELETE", GRAPH);
                    }
                    return "recreated";
                })
                .on(HostRequests.Close.class, r -> {
                    closeServer();
                    return "closed";
                })
                // the cells' server CPU: the FalkorDB server's and this host's (its client work)
                .with(HostRequests.common(FalkorDbHostMain::transport, () -> List.of(server.pid(), ProcessHandle.current().pid())));
    }

    private static final String EXPLAIN = "GRAPH.EXPLAIN {graph} ";

    /**
     * One statement: {@code GRAPH.EXPLAIN {graph} QUERY} plans a query with its parameters; another {@code GRAPH.…} command is sent
     * as its words ({graph} the graph's key); anything else is Cypher. An index that exists already is left as it is (FalkorDB's
     * CREATE INDEX has no IF NOT EXISTS, and a cell's schema statements run again on a graph made anew with them).
     */
    private static void execute(String statement, Map<String, Object> params) throws Exception {
        if (statement.startsWith(EXPLAIN)) {
            try (Resp c = new Resp("127.0.0.1", server.port())) {
                c.call("GRAPH.EXPLAIN", GRAPH, FalkorDbValues.withParameters(statement.substring(EXPLAIN.length()), params));
            }
        } else if (statement.startsWith("GRAPH.")) {
            try (Resp c = new Resp("127.0.0.1", server.port())) {
                c.call(statement.replace("{graph}", GRAPH).split("\\s+"));
            }
        } else {
            try (Session s = transport().openSession()) {
                s.fetch(new Statement(statement, params));
            } catch (IllegalStateException e) {
                if (!(statement.toUpperCase(Locale.ROOT).startsWith("CREATE INDEX") && String.valueOf(e.getMessage()).contains("already indexed"))) throw e;
            }
        }
    }

    private static FalkorDbTransport transport() {
        if (server == null) throw new IllegalStateException("no FalkorDB server is open");
        return new FalkorDbTransport(server.port(), GRAPH);
    }

    private static void closeServer() {
        if (server != null) server.close();
        server = null;
    }
}
