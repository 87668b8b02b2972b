package io.graphperf.engines.orientdb.host;

import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.engines.hosted.HostRequest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The requests of OrientDB's two hosts: {@link Indexes} of the engine host the multi-engine studies use ({@link OrientEngineHostMain}),
 * and those of E3's own host ({@link OrientHostMain}), which creates, imports, opens, counts and measures OrientDB's own scenarios.
 */
public final class OrientRequests {

    private OrientRequests() {
    }

    /** Each index on a vertex or edge class: its type, class and properties (OrientDB's own, on OUser…, left out). */
    @HostRequest.Op(value = "indexes", reply = List.class)
    public record Indexes() implements HostRequest<List<List<Object>>> {
    }

    /** A count per name (records per class, entries per index), in name order; written and read as {@code NAME=COUNT,…}. */
    public record Counts(Map<String, Long> counts) {

        public static Counts parse(String text) {
            Map<String, Long> m = new LinkedHashMap<>();
            if (!text.isBlank()) {
                for (String kv : text.split(",")) {
                    int eq = kv.lastIndexOf('=');
                    m.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
                }
            }
            return new Counts(m);
        }

        public String text() {
            StringBuilder b = new StringBuilder();
            counts.forEach((k, v) -> b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v));
            return b.toString();
        }
    }

    /** OrientDB's global configuration, set before a database is opened. */
    @HostRequest.Op(value = "settings", reply = String.class)
    public record Settings(Map<String, String> settings) implements HostRequest<String> {
    }

    /** A new plocal database in {@code folder}. */
    @HostRequest.Op(value = "create", reply = String.class)
    public record Create(String folder) implements HostRequest<String> {
    }

    /** The database in {@code folder}, opened. */
    @HostRequest.Op(value = "open", reply = String.class)
    public record Open(String folder) implements HostRequest<String> {
    }

    /** OrientDB's JSON export at {@code file} imported into the open database. */
    @HostRequest.Op(value = "import", reply = String.class)
    public record Import(String file) implements HostRequest<String> {
    }

    /** The open database closed: its disk cache flushed and its WAL ended. */
    @HostRequest.Op(value = "close", reply = String.class)
    public record Close() implements HostRequest<String> {
    }

    /** The records of every class of the open database (OrientDB's own classes left out). */
    @HostRequest.Op(value = "count", reply = Counts.class)
    public record Count() implements HostRequest<Counts> {
    }

    /** The entries of every index of the open database (OrientDB's own left out). */
    @HostRequest.Op(value = "index-entries", reply = Counts.class)
    public record IndexEntries() implements HostRequest<Counts> {
    }

    /** An SQL query's number of rows. */
    @HostRequest.Op(value = "query", reply = Long.class)
    public record Query(String sql) implements HostRequest<Long> {
    }

    /** An SQL command run for its effect. */
    @HostRequest.Op(value = "command", reply = String.class)
    public record Command(String sql) implements HostRequest<String> {
    }

    /** A deterministic export of a generated database written to {@code file}; the reply counts its records per class. */
    @HostRequest.Op(value = "generate", reply = Counts.class)
    public record Generate(String file, double scale, long seed) implements HostRequest<Counts> {
    }

    /** The database in {@code folder} removed with its files (none there is no error). */
    @HostRequest.Op(value = "drop", reply = String.class)
    public record Drop(String folder) implements HostRequest<String> {
    }

    /** One of OrientDB's own write scenarios measured by graphperf's Runner on the embedded API, then its ids checked. */
    @HostRequest.Op(value = "measure", reply = ScenarioResult.class)
    public record MeasureScenario(String scenario, InProcessPlan plan) implements HostRequest<ScenarioResult> {
    }

    /** A scenario's measurement and its check: the records the database holds against those acknowledged. */
    public record ScenarioResult(Measurement measurement, Counts check) {
    }
}
