package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import picocli.CommandLine.Option;

import java.util.Arrays;
import java.util.List;

/** A user's server (or, where an experiment only reads, a round-robin group of servers) instead of the engine graphperf starts. */
public final class ServerOptions {

    @Option(names = "--server", paramLabel = "URI[,URI…]", description = "Your server, e.g. bolt://host:7687 or neo4j://host:7687 (routing); reads also takes a"
            + " comma-separated list of servers holding the same data (a round-robin group). Default: graphperf starts Neo4j.")
    public String uri;
    @Option(names = "--user", description = "User for --server.")
    public String user;
    @Option(names = "--password", description = "Password for --server (or set GRAPHPERF_PASSWORD).")
    public String password;
    @Option(names = "--database", description = "Database on --server (default: neo4j).")
    public String database;
    @Option(names = "--http-url", paramLabel = "URL[,URL…]", description = "HTTP API of --server, one per server (default: http://HOST:7474).")
    public String httpUrl;
    /** Set by the experiments that empty the database between cells (their --reset option), else null. */
    public String reset;

    public boolean given() {
        return uri != null;
    }

    /** The servers given, in order (one unless a list was given). */
    public List<String> uris() {
        return uri == null ? List.of() : Arrays.stream(uri.split(",")).map(String::trim).filter(u -> !u.isEmpty()).toList();
    }

    public String passwordOrEnv() {
        return password != null ? password : System.getenv("GRAPHPERF_PASSWORD");
    }

    public String databaseOrDefault() {
        return database == null ? "neo4j" : database;
    }

    /** Checks the combination with the engine options and with variants. */
    public void validate(EngineOptions engine, int variants) {
        if (reset != null && !reset.equals("delete-all")) throw new UserError("unknown reset mode '" + reset + "' (option --reset); known: delete-all");
        if (!given()) {
            for (String o : new String[]{user != null ? "--user" : null, password != null ? "--password" : null, database != null ? "--database" : null,
                    httpUrl != null ? "--http-url" : null, reset != null ? "--reset" : null}) {
                if (o != null) throw new UserError(o + " applies to --server, which is not given (graphperf starts its own engine)");
            }
            return;
        }
        engine.embeddedOnlyGiven().ifPresent(o -> {
            throw new UserError(o + " applies to the engine graphperf starts, not to --server");
        });
        if (variants > 1) {
            throw new UserError("--variant changes the settings of the engine graphperf starts; with --server, run each configuration of your"
                    + " server and use graphperf compare");
        }
    }
}
