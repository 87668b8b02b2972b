package io.graphperf.engines.hosted;

import io.graphperf.core.measure.IdWrites;
import io.graphperf.studies.writes.WriteScenario;
import io.graphperf.studies.writes.WriteTexts.Counter;
import io.graphperf.studies.writes.WriteTexts.Written;

import java.util.ArrayList;
import java.util.List;

/**
 * E4's :User writes in an SQL of the OrientDB family (ArcadeDB's, OrientDB's), which their dialects' answers build on: each statement
 * {@code create}, or the {@code rows} script for the UNWIND batches, :User declared by {@code users} (and {@code index} where the study
 * indexes it), the ids summed up by the engine's host, which scans the type.
 *
 * @param users  the statements that declare :User
 * @param index  the index on :User(user_id), as the study's (not unique)
 * @param create one :User with user_id :id
 * @param rows   a script that creates a :User for each row of :rows
 */
public record SqlFamilyWrites(List<String> users, String index, String create, String rows) {

    /**
     * The safety study's counter in this SQL: a vertex type declared by {@code declare}, one record, {@code UPDATE … SET hits = hits + 1};
     * each text prefixed by {@code prefix} (ArcadeDB's "sql:", nothing for OrientDB).
     */
    public static Counter counter(String prefix, String declare) {
        return new Counter(List.of(prefix + declare, prefix + "CREATE VERTEX Counter SET counter_id = 0, hits = 0"),
                prefix + "UPDATE Counter SET hits = hits + 1", prefix + "SELECT hits FROM Counter");
    }

    /** The scenario's :User nodes, a statement each or a script over its rows. */
    public Written users(WriteScenario s) {
        String text = s.shape() == IdWrites.Shape.ROWS ? rows : create;
        List<String> setup = new ArrayList<>(users);
        if (s.indexed()) setup.add(index);
        String shown = text + (s.severalStatements() ? "   × " + s.perOperation() + " per transaction" : "") + (s.indexed() ? "   with " + index : "");
        return Written.as(text, setup, shown).idsSummedOver("User");
    }
}
