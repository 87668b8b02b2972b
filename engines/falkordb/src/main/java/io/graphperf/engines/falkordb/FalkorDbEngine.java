package io.graphperf.engines.falkordb;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.UserError;
import io.graphperf.engines.hosted.HostProcess;
import io.graphperf.core.engine.IndexState;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostedEngine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A running FalkorDB server and the engine host that reaches it, on one store. Administrative calls and result checks go through
 * the host's requests; cells run in the host, over the Redis protocol. An administrative statement may be several, separated by
 * {@value #THEN} and run in turn, and one that starts with {@code GRAPH.} is a command of FalkorDB's own (e.g. its unique
 * constraint, GRAPH.CONSTRAINT), its words separated by spaces, not Cypher.
 */
final class FalkorDbEngine extends HostedEngine {

    /** What separates the statements of one administrative statement. */
    static final String THEN = " ;; ";
    private static final Pattern SCHEMA = Pattern.compile("^\\s*(CREATE\\s+(RANGE\\s+|FULLTEXT\\s+)?INDEX|DROP\\s+INDEX|GRAPH\\.CONSTRAINT)\\b", Pattern.CASE_INSENSITIVE);

    FalkorDbEngine(HostProcess host, Map<String, Object> openReply, Map<String, Object> settings) {
        super(host, "falkordb", openReply, settings);
    }

    /** Names the protocol's own round trip, which every latency measured on FalkorDB includes. */
    @Override
    public String description() {
        return "FalkorDB " + environment().getOrDefault("version", FalkorDbEngines.VERSION) + " (redis-server pid " + environment().getOrDefault("serverPid", -1)
                + ", appendfsync " + environment().getOrDefault("appendfsync", "?") + "), measured over the Redis protocol from an engine host (pid "
                + host.pid().orElse(-1) + "): every latency includes a loopback round trip, " + roundTrip("pingRoundTripMicros") + " with no work (PING), "
                + roundTrip("emptyQueryRoundTripMicros") + " for RETURN 1";
    }

    @Override
    public DialectName dialect() {
        return FalkorDbDialect.NAME;
    }

    @Override
    protected Optional<Pattern> schemaStatement() {
        return Optional.of(SCHEMA);
    }

    /** FalkorDB's indexes and unique constraints, named as graphperf names an index on that label and property (graphperf_label_property[_unique]). */
    @Override
    public List<IndexState> indexStates() throws Exception {
        List<IndexState> out = new ArrayList<>();
        // one row per label, all its indexed properties in it
        for (List<Object> r : fetchInProcess(new Statement("CALL db.indexes() YIELD label, properties, status RETURN label, properties, status", Map.of()))) {
            for (Object p : r.get(1) instanceof List<?> l ? l : List.of(r.get(1))) out.add(new IndexState(name(r.get(0), List.of(p), ""), "RANGE", online(r.get(2)), 100));
        }
        for (List<Object> r : fetchInProcess(new Statement("CALL db.constraints() YIELD type, label, properties, status RETURN type, label, properties, status", Map.of()))) {
            out.add(new IndexState(name(r.get(1), r.get(2), "UNIQUE".equals(r.get(0)) ? "_unique" : "_mandatory"), String.valueOf(r.get(0)), online(r.get(3)), 100));
        }
        return out;
    }

    private static String name(Object label, Object properties, String suffix) {
        List<?> ps = properties instanceof List<?> l ? l : List.of(String.valueOf(properties));
        StringBuilder sb = new StringBuilder("graphperf_").append(String.valueOf(label).toLowerCase(Locale.ROOT));
        for (Object p : ps) sb.append('_').append(p);
        return sb.append(suffix).toString();
    }

    private static String online(Object status) {
        String s = String.valueOf(status);
        return s.equals("OPERATIONAL") ? "ONLINE" : s.equals("FAILED") ? "FAILED" : "POPULATING";
    }

    /** Until every index is operational and no constraint is pending (FalkorDB builds and checks them in the background). */
    @Override
    public void awaitIndexesOnline() {
        try {
            awaitOperational();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while waiting for FalkorDB's indexes");
        } catch (UserError e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private void awaitOperational() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.HOURS.toNanos(6);
        while (true) {
            List<IndexState> states = indexStates();
            List<IndexState> failed = states.stream().filter(s -> s.state().equals("FAILED")).toList();
            if (!failed.isEmpty()) throw new UserError("FalkorDB could not build " + failed.get(0).name() + " (a unique constraint fails on a value held twice)");
            if (states.stream().allMatch(s -> s.state().equals("ONLINE"))) return;
            if (System.nanoTime() > deadline) throw new UserError("FalkorDB's indexes were not operational after 6 hours: " + states);
            Thread.sleep(20);
        }
    }


    @Override
    public void reset() {
        recreate();
    }

    @Override
    public String resetMethod() {
        return "the graph deleted (GRAPH.DELETE), its index and constraint statements run again";
    }
}
