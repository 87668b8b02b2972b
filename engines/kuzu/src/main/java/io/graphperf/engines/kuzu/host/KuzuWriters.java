package io.graphperf.engines.kuzu.host;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Which statements are writers on Kuzu and on LadybugDB: both allow one write transaction at a time and refuse a second at once
 * ("Only one write transaction at a time"), so an application with several writers queues them, and so do graphperf's
 * transports on both (the wait part of the operation's latency, as it would be for the application). Reads never wait.
 */
public final class KuzuWriters {

    /** Kuzu's write clauses (and schema statements), outside string literals: an operation with one queues as a writer. */
    private static final Pattern WRITE = Pattern.compile("\\b(CREATE|MERGE|SET|DELETE|REMOVE|COPY|DROP|ALTER)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern STRING = Pattern.compile("'(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Map<String, Boolean> WRITES = new ConcurrentHashMap<>();

    private KuzuWriters() {
    }

    /** Whether a statement has a write clause (outside its string literals). */
    public static boolean writes(String text) {
        return WRITES.computeIfAbsent(text, t -> WRITE.matcher(STRING.matcher(t).replaceAll("''")).find());
    }
}
