package io.graphperf.core.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A transport's name as a user gives it ({@code --transports}) and a result carries it (run.json's "transport"): {@code bolt},
 * {@code http}, {@code embedded} (inside the engine's own process), or graphperf's gateway as
 * {@code ws-FORMAT[-COMPRESSION][-lingerN(us|ms)]}. Read once, where the option is read, so that a wrong name is refused before any
 * engine starts; code asks its {@link Kind} instead of comparing strings.
 *
 * @param id      the name as written (the results' identity)
 * @param kind    which way the requests travel
 * @param gateway the gateway's message format, compression and client linger; empty for the other kinds
 */
public record TransportName(String id, Kind kind, Optional<Gateway> gateway) {

    /** Which way requests travel. */
    public enum Kind { BOLT, HTTP, EMBEDDED, GATEWAY }

    /**
     * What a gateway transport's name says: the message format (json, bson, msgpack), the compression (none, deflate-fast,
     * deflate-best, zstd, lz4) and how long the client's first gathered submit waits for others (empty: the client's default).
     */
    public record Gateway(String format, String compression, Optional<Duration> linger) {
    }

    public static final TransportName BOLT = new TransportName("bolt", Kind.BOLT, Optional.empty());
    public static final TransportName HTTP = new TransportName("http", Kind.HTTP, Optional.empty());
    public static final TransportName EMBEDDED = new TransportName("embedded", Kind.EMBEDDED, Optional.empty());
    /** The gateway's message formats and compressions by name (its protocol's enums; a test in the Neo4j engine checks they agree). */
    public static final List<String> FORMATS = List.of("json", "bson", "msgpack");
    public static final List<String> COMPRESSIONS = List.of("none", "deflate-fast", "deflate-best", "zstd", "lz4");
    /** The known names, for messages. */
    public static final String KNOWN = "bolt, http, embedded, and graphperf's gateway as ws-FORMAT[-COMPRESSION][-lingerN(us|ms)] "
            + "(ws-json, ws-bson, ws-msgpack; -deflate-fast, -deflate-best, -zstd, -lz4; e.g. ws-bson-zstd, ws-bson-linger2ms)";

    public TransportName {
        if (kind == Kind.GATEWAY != gateway.isPresent()) throw new IllegalArgumentException("a gateway transport, and only one, has a format: " + id);
    }

    /**
     * The transport a name says.
     *
     * @throws IllegalArgumentException naming what is wrong with it and the known names
     */
    public static TransportName of(String id) {
        for (TransportName t : List.of(BOLT, HTTP, EMBEDDED)) if (t.id.equals(id)) return t;
        if (!id.startsWith("ws-")) throw new IllegalArgumentException("unknown transport '" + id + "'; known: " + KNOWN);
        List<String> parts = new ArrayList<>(List.of(id.substring(3).split("-", -1)));
        Optional<Duration> linger = Optional.empty();
        String last = parts.get(parts.size() - 1);
        if (parts.size() > 1 && last.startsWith("linger")) {
            linger = Optional.of(linger(id, last.substring("linger".length())));
            parts.remove(parts.size() - 1);
        }
        String format = parts.get(0);
        String compression = parts.size() == 1 ? "none" : String.join("-", parts.subList(1, parts.size()));
        if (!FORMATS.contains(format)) throw wrong(id, "unknown format '" + format + "' (known: " + String.join(", ", FORMATS) + ")");
        if (!COMPRESSIONS.contains(compression)) {
            throw wrong(id, "unknown compression '" + compression + "' (known: " + String.join(", ", COMPRESSIONS) + ")");
        }
        return new TransportName(id, Kind.GATEWAY, Optional.of(new Gateway(format, compression, linger)));
    }

    /** The names given, each read; every wrong one is named in one message. */
    public static List<TransportName> all(List<String> ids) {
        List<TransportName> out = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (String id : ids) {
            try {
                out.add(of(id));
            } catch (IllegalArgumentException e) {
                wrong.add(e.getMessage());
            }
        }
        if (!wrong.isEmpty()) throw new IllegalArgumentException(String.join("; ", wrong));
        return List.copyOf(out);
    }

    /** The names, as results carry them. */
    public static List<String> ids(List<TransportName> transports) {
        return transports.stream().map(TransportName::id).toList();
    }

    /** True for bolt and http: what a user's own server and load agents are reached over. */
    public boolean boltOrHttp() {
        return kind == Kind.BOLT || kind == Kind.HTTP;
    }

    public boolean embedded() {
        return kind == Kind.EMBEDDED;
    }

    public boolean isGateway() {
        return kind == Kind.GATEWAY;
    }

    /**
     * Whether an engine that offers {@code offered} (e.g. ws-bson) serves this name: the same name, or the same gateway format with
     * its own compression or linger (the engine lists each gateway format once).
     */
    public boolean servedBy(TransportName offered) {
        if (id.equals(offered.id)) return true;
        return isGateway() && offered.isGateway() && offered.gateway.orElseThrow().format().equals(gateway.orElseThrow().format());
    }

    @Override
    public String toString() {
        return id;
    }

    private static IllegalArgumentException wrong(String id, String what) {
        return new IllegalArgumentException("transport '" + id + "': " + what + "; the form is ws-FORMAT[-COMPRESSION][-lingerN(us|ms)], "
                + "e.g. ws-bson, ws-bson-zstd, ws-json-deflate-fast, ws-bson-linger2ms");
    }

    private static Duration linger(String id, String s) {
        Matcher m = Pattern.compile("(\\d+)(us|ms)").matcher(s);
        if (!m.matches()) throw wrong(id, "linger '" + s + "' is not a whole number of us or ms (e.g. linger500us, linger2ms)");
        long v = Long.parseLong(m.group(1));
        return m.group(2).equals("ms") ? Duration.ofMillis(v) : Duration.ofNanos(v * 1000);
    }
}
