package io.graphperf.engines.falkordb.host;

import io.graphperf.core.engine.HostLoop;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostRequests;
import io.graphperf.engines.hosted.HostedEngine;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The FalkorDB engine host: a JVM of graphperf's that starts a FalkorDB server ({@link FalkorDbServer}) on the store it is asked to
 * open and reaches it over the Redis protocol as an application does ({@link FalkorDbTransport}), driven line by line over stdin
 * by graphperf's adapter ({@code FalkorDbEngine}): open, load, execute, recreate, close, and the requests every host answers alike
 * ({@link HostRequests}: fetch, long, measure, exit). graphperf's Runner measures here, over the protocol, so every figure
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
        HostLoop.serve(FalkorDbHostMain::handle, () -> {
        }, FalkorDbHostMain::closeServer);
    }

    @SuppressWarnings("unchecked")
    private static String handle(String[] a) throws Exception {
        switch (a[0]) {
            case "open" -> { // store folder, redis-server, falkordb.so, server log, Redis settings as JSON
                closeServer();
                Map<String, String> config = HostedEngine.JSON.readValue(a[5], Map.class);
                server = FalkorDbServer.start(Path.of(a[2]), Path.of(a[3]), Path.of(a[1]), Path.of(a[4]), config);
                return HostedEngine.JSON.writeValueAsString(FalkorDbFacts.of(server.port(), server.pid(), GRAPH));
            }
            case "load" -> {
                try (Session s = transport().openSession()) {
                    return HostedEngine.JSON.writeValueAsString(FalkorDbLoad.run(s, server.port(), server.pid(), HostedEngine.JSON.readValue(a[1], ImportFiles.class)));
                }
            }
            case "execute" -> { // each part (separated by " ;; ") in turn: Cypher, or a command of FalkorDB's own (GRAPH.…)
                Map<String, Object> params = HostedEngine.JSON.readValue(a[2], Map.class);
                for (String part : a[1].split(" ;; ")) if (!part.isBlank()) execute(part.strip(), params);
                return "done";
            }
            case "recreate" -> { // an empty graph: the graph deleted (the next query makes it again)
                try (Resp c = new Resp("127.0.0.1", server.port())) {
                    List<?> graphs = (List<?>) c.call("GRAPH.LIST");
                    if (graphs.stream().anyMatch(g -> GRAPH.equals(FalkorDbValues.text(g)))) c.call("GRAPH.DELETE", GRAPH);
                }
                return "recreated";
            }
            case "close" -> {
                closeServer();
                return "closed";
            }
            default -> {
                // the cells' server CPU: the FalkorDB server's and this host's (its client work)
                return HostRequests.answer(a, FalkorDbHostMain::transport, () -> List.of(server.pid(), ProcessHandle.current().pid()));
            }
        }
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
