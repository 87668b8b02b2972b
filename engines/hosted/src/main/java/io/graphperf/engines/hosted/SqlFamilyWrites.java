package io.graphperf.engines.hosted;

import io.graphperf.core.engine.WriteTexts;

import java.util.ArrayList;
import java.util.List;

/**
 * E4's id writes in an SQL of the OrientDB family (ArcadeDB's, OrientDB's): each statement {@code create}, or the {@code rows} script
 * for the UNWIND batches, :User declared by {@code users} (and {@code index} where the study indexes it), the ids summed up by the
 * engine's host, which scans the type; what it cannot write named.
 *
 * @param engine     the engine's name in messages
 * @param users      the statements that declare :User
 * @param index      the index on :User(user_id), as the study's (not unique)
 * @param create     one :User with user_id :id
 * @param rows       a script that creates a :User for each row of :rows
 * @param noCallInTx why CALL {} IN TRANSACTIONS cannot be written
 */
public record SqlFamilyWrites(String engine, List<String> users, String index, String create, String rows, String noCallInTx) implements WriteTexts {

    /**
     * The safety study's counter in this SQL: a vertex type declared by {@code declare}, one record, {@code UPDATE … SET hits = hits + 1};
     * each text prefixed by {@code prefix} (ArcadeDB's "sql:", nothing for OrientDB).
     */
    public static Counter counter(String prefix, String declare) {
        return new Counter(List.of(prefix + declare, prefix + "CREATE VERTEX Counter SET counter_id = 0, hits = 0"),
                prefix + "UPDATE Counter SET hits = hits + 1", prefix + "SELECT hits FROM Counter");
    }

    @Override
    public Written write(Scenario s) {
        if (s.id().equals("call-in-tx")) return Written.notExpressible(noCallInTx);
        if (s.shape() == null) return Written.notExpressible("not written for " + engine + "'s SQL");
        String text = s.shape() == Shape.ROWS ? rows : create;
        List<String> setup = new ArrayList<>(users);
        if (s.indexed()) setup.add(index);
        String shown = text + (s.shape() == Shape.EACH_STATEMENT && s.perOperation() > 1 ? "   × " + s.perOperation() + " per transaction" : "")
                + (s.indexed() ? "   with " + index : "");
        return Written.as(text, setup, shown).idsSummedOver("User");
    }
}
