package io.graphperf.workloads.cells;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Dialect;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.results.Check;
import io.graphperf.core.engine.Engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every acknowledged id of a cell's {@link IdWrites} looked up by its key, {@value #BATCH} at a time, in the engine's dialect (an index
 * seek where the key is indexed): the other way to {@link IdCheck}'s, which reads every record of the label. An engine that loses a
 * record from its scans but not from its index (or the other way round) fails one of the two; a missing id is named.
 *
 * @param label        the records' label or type, e.g. "User"
 * @param property     their id property, e.g. "user_id"
 * @param perOperation ids each operation writes
 * @param text         the lookup, taking {@code $ids} (or {@code :ids}) and returning the ids it finds ({@link #text})
 */
public record KeyLookupCheck(String label, String property, long perOperation, String text) implements AccountedCheck {

    static final int BATCH = 10_000;
    static final int NAMED = 10;

    /** The :User ids a scenario writes, {@code perOperation} an operation, looked up in {@code dialect}. */
    public static KeyLookupCheck users(long perOperation, DialectName dialect) {
        return new KeyLookupCheck("User", "user_id", perOperation, text(dialect, "User", "user_id"));
    }

    /** A lookup of {@code $ids} among {@code label}.{@code property} in {@code dialect}: the dialect module's, else Cypher's. */
    public static String text(DialectName dialect, String label, String property) {
        Dialect d = Dialect.all().get(dialect);
        if (d != null && d.idLookup(label, property).isPresent()) return d.idLookup(label, property).get();
        return "UNWIND $ids AS id MATCH (n:" + quote(label) + ") WHERE n." + quote(property) + " = id RETURN n." + quote(property);
    }

    /** A name quoted for Cypher. */
    public static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    @Override
    public String describe() {
        return "acknowledged :" + label + " records found by key (each id looked up)";
    }

    @Override
    public Check check(Engine engine, Accounting acc) throws Exception {
        if (acc == null) return new Check(describe(), 0, 0, false, "not checked: the measurement did not carry which operations were acknowledged");
        Tally t = new Tally();
        List<Long> batch = new ArrayList<>(BATCH);
        for (Accounting.Client c : acc.clients()) {
            for (long seq = 0; seq < c.issued(); seq++) {
                if (!c.acknowledged(seq)) continue;
                for (long i = 0; i < perOperation; i++) {
                    batch.add(IdWrites.id(c.client(), seq, perOperation, i));
                    if (batch.size() == BATCH) t.lookUp(engine, text, batch);
                }
            }
        }
        if (!batch.isEmpty()) t.lookUp(engine, text, batch);
        long lost = t.expected - t.present;
        String detail = lost == 0 ? null : lost + " acknowledged ids not found by key, e.g. " + t.named
                + (acc.exact() ? "" : "; the accounting of unacknowledged operations was cut at its limit: some may be failed operations");
        return new Check(describe(), t.expected, t.present, lost == 0, detail);
    }

    /** Ids asked for and found so far, and the first missing ones. */
    private static final class Tally {
        long expected, present;
        final List<Long> named = new ArrayList<>();

        /** Looks up {@code batch} and empties it. */
        void lookUp(Engine engine, String text, List<Long> batch) throws Exception {
            Set<Long> found = new HashSet<>();
            for (Object v : engine.queryColumn(text, Map.of("ids", List.copyOf(batch)))) if (v instanceof Number n) found.add(n.longValue());
            for (long id : batch) {
                expected++;
                if (found.contains(id)) present++;
                else if (named.size() < NAMED) named.add(id);
            }
            batch.clear();
        }
    }
}
