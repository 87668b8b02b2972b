package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.TransportName;

import java.util.List;

/**
 * {@code --transports} as every experiment reads it: each name parsed where the options are read, before any engine starts (every
 * wrong name said in one error), the experiment's defaults when none is given, and the rules of a user's own server and of load agents.
 */
public final class TransportChoice {

    private TransportChoice() {
    }

    /** The transports given, or {@code defaults} when none is. */
    public static List<TransportName> of(List<String> given, List<TransportName> defaults) {
        if (given.isEmpty()) return List.copyOf(defaults);
        try {
            return TransportName.all(given);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage() + " (option --transports)");
        }
    }

    /** With {@code --server} (a user's own Neo4j) only bolt and http reach it: embedded and the gateway run on the engine graphperf starts. */
    public static void refuseOnYourServer(List<TransportName> chosen) {
        for (TransportName t : chosen) {
            if (!t.boltOrHttp()) {
                throw new UserError("transport " + t + " (option --transports) runs on the engine graphperf starts (its plugins); with --server use bolt and http");
            }
        }
    }

    /** Load agents send over bolt and http: every transport must be one of them. */
    public static void requireAgentsTransports(List<TransportName> chosen) {
        for (TransportName t : chosen) {
            if (!t.boltOrHttp()) throw new UserError("--agents sends over bolt and http; transport " + t + " (option --transports) does not");
        }
    }
}
