package io.graphperf.workloads.safety;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.cells.AccountedCheck;

import java.util.List;

/**
 * The shared counter's value against the increments acknowledged: each acknowledged increment must be in it (fewer: lost updates), and
 * no more than the acknowledged ones and those whose client saw an error (which may have committed) may be.
 *
 * @param value the query whose first column is the counter's value
 */
record CounterCheck(String value) implements AccountedCheck {

    @Override
    public String describe() {
        return "every acknowledged increment in the shared counter";
    }

    @Override
    public Check check(Engine engine, Accounting acc) throws Exception {
        long acknowledged = acc.acknowledged(), failed = 0;
        for (Accounting.Client c : acc.clients()) failed += c.notAcknowledged().length;
        List<Object> rows = engine.queryColumn(value);
        if (rows.size() != 1 || !(rows.get(0) instanceof Number n)) {
            return new Check(describe(), acknowledged, 0, false, "the counter reads " + rows + ", not one number");
        }
        long hits = n.longValue();
        if (hits < acknowledged) {
            return new Check(describe(), acknowledged, hits, false, (acknowledged - hits) + " acknowledged increments lost (lost updates)");
        }
        if (hits > acknowledged + failed) {
            return new Check(describe(), acknowledged, hits, false, (hits - acknowledged) + " increments more than acknowledged, and only " + failed
                    + " failed on their client (which may have committed)");
        }
        return new Check(describe(), acknowledged, Math.min(hits, acknowledged), true, hits == acknowledged ? null
                : (hits - acknowledged) + " of " + failed + " increments that failed on their client committed nonetheless");
    }
}
