package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A write workload as data: one query text, and ids that depend only on the client, the operation's sequence and the
 * position in it ({@link #id}), so whatever process sends them, afterwards the store can be checked id by id against what
 * was acknowledged.
 *
 * @param shape        how the ids reach the query: none (a constant statement), one {@code $id} per statement, or one
 *                     statement with {@code $rows}, a list of {@code {id}}
 * @param perOperation ids per operation (statements per operation for {@link Shape#EACH_STATEMENT}, rows for {@link Shape#ROWS})
 * @param entities     entities one operation writes, for the entities/s figure
 * @param clientOffset added to each client's number in its ids (0 for a cell; a server warm-up's rounds write ids no cell writes)
 */
public record IdWrites(String type, String text, Shape shape, int perOperation, TxMode txMode, long entities, int clientOffset)
        implements PortableOperations {

    public enum Shape {
        /** The same statement, without parameters, every time. */
        CONSTANT,
        /** {@code perOperation} statements, each with its own {@code $id}. */
        EACH_STATEMENT,
        /** One statement with {@code $rows}: {@code perOperation} maps {@code {id: …}}. */
        ROWS
    }

    /** Bits of an id below the client number. */
    public static final int CLIENT_BITS = 40;

    public IdWrites(String type, String text, Shape shape, int perOperation, TxMode txMode, long entities) {
        this(type, text, shape, perOperation, txMode, entities, 0);
    }

    public IdWrites {
        if (perOperation < 1) throw new IllegalArgumentException("an operation writes at least one id");
        if (txMode == TxMode.AUTOCOMMIT && shape == Shape.EACH_STATEMENT && perOperation > 1) {
            throw new IllegalArgumentException("an auto-commit operation has exactly one statement");
        }
    }

    /** Id {@code i} of operation {@code seq} of {@code client}, each operation writing {@code perOperation} ids. */
    public static long id(int client, long seq, long perOperation, long i) {
        return ((long) client << CLIENT_BITS) | (seq * perOperation + i);
    }

    @Override
    public Operation next(int given, long seq) {
        int client = given + clientOffset;
        return switch (shape) {
            case CONSTANT -> new Operation(type, List.of(new Statement(text, Map.of())), txMode, entities);
            case EACH_STATEMENT -> {
                List<Statement> statements = new ArrayList<>(perOperation);
                for (int i = 0; i < perOperation; i++) statements.add(new Statement(text, Map.of("id", id(client, seq, perOperation, i))));
                yield new Operation(type, statements, txMode, entities);
            }
            case ROWS -> {
                List<Map<String, Object>> rows = new ArrayList<>(perOperation);
                for (int i = 0; i < perOperation; i++) rows.add(Map.of("id", id(client, seq, perOperation, i)));
                yield new Operation(type, List.of(new Statement(text, Map.of("rows", rows))), txMode, entities);
            }
        };
    }

    /** A server warm-up's rounds write ids 40 bits a client apart, so rounds cycle after this many of {@link #ROUND_CLIENTS} clients. */
    public static final int ROUND_CLIENTS = 1 << 16, ROUNDS = 120;

    @Override
    public IdWrites forRound(int round) {
        return shifted(ROUND_CLIENTS * (1 + round % ROUNDS));
    }

    /** The same writes with each client's ids {@code clients} further on (other ids than a cell's, whatever its clients). */
    public IdWrites shifted(int clients) {
        return new IdWrites(type, text, shape, perOperation, txMode, entities, clientOffset + clients);
    }
}
