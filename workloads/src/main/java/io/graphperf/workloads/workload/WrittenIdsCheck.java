package io.graphperf.workloads.workload;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.DrawnMix;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.cells.CellCheck;
import io.graphperf.workloads.cells.KeyLookupCheck;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every id a write operation declares (id: parameter, label, property) that an acknowledged operation wrote, looked up in the database
 * after the cell, as E4 checks its writes: the operations are drawn again from the cell's mix (each is a function of its client and
 * sequence), those the measuring layer saw acknowledged give the ids that must be there, and the engine is asked which of them it
 * holds, {@value #BATCH} at a time. A missing one is a lost acknowledged write: the check fails, naming some.
 *
 * @param text the lookup in the engine's dialect, taking {@code $ids} (or {@code :ids}) and returning the ids it finds
 */
record WrittenIdsCheck(OperationSpec op, DrawnMix mix, String text) implements CellCheck {

    static final int BATCH = 10_000;

    /** The lookup: the file's own (check:), else the dialect module's, else Cypher's. */
    static String lookup(OperationSpec.WrittenId id, DialectName dialect) {
        if (id.check() != null && !id.check().in(dialect).isEmpty()) return id.check().in(dialect).get(0);
        return KeyLookupCheck.text(dialect, id.label(), id.property());
    }

    @Override
    public String describe() {
        return "every id operation " + op.name() + " wrote and was acknowledged for (" + op.id().label() + "." + op.id().property() + ") is in the database";
    }

    @Override
    public Check check(Engine engine, Measurement m) throws Exception {
        Accounting acc = m.accounting();
        if (acc == null) return new Check(describe(), 0, 0, false, "not checked: the measurement did not carry which operations were acknowledged");
        Set<Object> ids = new LinkedHashSet<>();
        for (Accounting.Client c : acc.clients()) {
            for (long seq = 0; seq < c.issued(); seq++) {
                if (!c.acknowledged(seq)) continue;
                Operation o = mix.next(c.client(), seq);
                if (!o.type().equals(op.name())) continue;
                for (Statement st : o.statements()) {
                    Object id = st.params().get(op.id().parameter());
                    if (id != null) ids.add(id instanceof Integer i ? (long) i : id);
                }
            }
        }
        List<Object> all = new ArrayList<>(ids);
        Set<Object> found = new HashSet<>();
        for (int i = 0; i < all.size(); i += BATCH) {
            for (Object v : engine.queryColumn(text, Map.of("ids", all.subList(i, Math.min(all.size(), i + BATCH))))) {
                found.add(v instanceof Integer n ? (long) n : v);
            }
        }
        List<Object> missing = new ArrayList<>();
        for (Object id : all) if (!found.contains(id) && missing.size() < 10) missing.add(id);
        long present = all.stream().filter(found::contains).count();
        String detail = present == all.size() ? null : (all.size() - present) + " acknowledged ids missing, e.g. " + missing
                + (acc.exact() ? "" : "; the accounting of unacknowledged operations was cut at its limit: some may be failed operations");
        return new Check(describe(), all.size(), present, present == all.size(), detail);
    }
}
