package io.graphperf.workloads.cells;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Check;

/**
 * After a cell, {@code countQuery} must return exactly {@code perOperation} × the acknowledged operations.
 * For workloads without ids to check one by one (e.g. FOREACH creating anonymous nodes); where ids exist,
 * {@link IdCheck} is exact.
 */
public record CountCheck(String what, String countQuery, long perOperation) implements CellCheck {

    public static CountCheck nodes(long perOperation) {
        return new CountCheck("nodes", "MATCH (n) RETURN count(n)", perOperation);
    }

    public static CountCheck relationships(long perOperation) {
        return new CountCheck("relationships", "MATCH ()-[r]->() RETURN count(r)", perOperation);
    }

    @Override
    public Check check(Engine engine, Measurement m) throws Exception {
        return Check.equal(what + " = " + perOperation + " × acknowledged operations (a count: this workload writes no ids)",
                perOperation * m.outcomes().acknowledgedOps(), engine.queryLong(countQuery));
    }
}
