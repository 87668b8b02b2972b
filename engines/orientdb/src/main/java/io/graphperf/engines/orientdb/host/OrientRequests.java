package io.graphperf.engines.orientdb.host;

import io.graphperf.engines.hosted.HostRequest;

import java.util.List;
import java.util.Map;

/**
 * The requests only OrientDB's engine host ({@link OrientEngineHostMain}) answers, beside those every host answers
 * ({@code HostRequests}): its indexes, its global settings, and E3's import of its own JSON export (generate, import, count,
 * index entries).
 */
public final class OrientRequests {

    private OrientRequests() {
    }

    /** Each index on a vertex or edge class: its type, class and properties (OrientDB's own, on OUser…, left out). */
    @HostRequest.Op(value = "indexes", reply = List.class)
    public record Indexes() implements HostRequest<List<List<Object>>> {
    }

    /** A count per name (records per class, entries per index), in name order. */
    public record Counts(Map<String, Long> counts) {
    }

    /** OrientDB's global configuration, set before a database is opened. */
    @HostRequest.Op(value = "settings", reply = String.class)
    public record Settings(Map<String, String> settings) implements HostRequest<String> {
    }

    /** OrientDB's JSON export at {@code file} imported into the open database. */
    @HostRequest.Op(value = "import", reply = String.class)
    public record Import(String file) implements HostRequest<String> {
    }

    /** The records of every class of the open database (OrientDB's own classes left out). */
    @HostRequest.Op(value = "count", reply = Counts.class)
    public record Count() implements HostRequest<Counts> {
    }

    /** The entries of every index of the open database (OrientDB's own left out). */
    @HostRequest.Op(value = "index-entries", reply = Counts.class)
    public record IndexEntries() implements HostRequest<Counts> {
    }

    /** A deterministic export of a generated database written to {@code file}; the reply counts its records per class. */
    @HostRequest.Op(value = "generate", reply = Counts.class)
    public record Generate(String file, double scale, long seed) implements HostRequest<Counts> {
    }
}
