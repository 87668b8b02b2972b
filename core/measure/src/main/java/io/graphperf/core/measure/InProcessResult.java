package io.graphperf.core.measure;

/**
 * What an engine's process sends back after measuring in-process: the measurement and, apart from it (run.json never carries
 * it), the accounting of which operations were acknowledged, so writes made there are checked id by id like any others.
 */
public record InProcessResult(Measurement measurement, Accounting.Snapshot accounting) {

    public static InProcessResult of(Measurement m) {
        return new InProcessResult(m, m.accounting() == null ? null : m.accounting().snapshot());
    }

    /** The measurement with its accounting back in place. */
    public Measurement measured() {
        return accounting == null ? measurement : measurement.withAccounting(Accounting.of(accounting));
    }
}
