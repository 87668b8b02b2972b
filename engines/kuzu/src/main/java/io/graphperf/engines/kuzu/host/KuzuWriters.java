package io.graphperf.engines.kuzu.host;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
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

    /**
     * One operation on a connection of Kuzu's or LadybugDB's: a writer holds {@code writer} (a fair lock, one per database) for its
     * whole transaction; several statements in an explicit transaction run between BEGIN TRANSACTION and COMMIT (ROLLBACK when
     * one fails).
     *
     * @param control   runs a transaction statement on the connection
     * @param statement runs one of the operation's statements on it
     */
    public static void execute(Operation op, ReentrantLock writer, Consumer<String> control, Consumer<Statement> statement) {
        boolean writes = op.statements().stream().anyMatch(st -> writes(st.text()));
        if (writes) writer.lock();
        try {
            boolean explicit = op.txMode() == TxMode.EXPLICIT && op.statements().size() > 1;
            if (explicit) control.accept("BEGIN TRANSACTION");
            boolean done = false;
            try {
                for (Statement st : op.statements()) statement.accept(st);
                done = true;
            } finally {
                if (explicit) control.accept(done ? "COMMIT" : "ROLLBACK");
            }
        } finally {
            if (writes) writer.unlock();
        }
    }

    /** Whether a statement has a write clause (outside its string literals). */
    public static boolean writes(String text) {
        return WRITES.computeIfAbsent(text, t -> WRITE.matcher(STRING.matcher(t).replaceAll("''")).find());
    }
}
