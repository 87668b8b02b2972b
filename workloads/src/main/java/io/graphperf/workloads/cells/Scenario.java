package io.graphperf.workloads.cells;

import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.measure.PortableOperations;
import io.graphperf.core.results.Reference;

import java.util.List;
import java.util.function.Predicate;

/**
 * One scenario of an experiment, as data: the schema it needs, the operations it sends, the checks that must
 * hold afterwards and the published figure to compare with.
 *
 * @param query      the query text as shown in the report
 * @param setup      statements run before the cell (indexes, constraints), untimed; idempotent
 * @param operations produces the operations; the measuring layer times them
 * @param entityUnit what one "entity" is in this scenario's entities/s (e.g. "nodes")
 * @param clients    clients this scenario always runs with, in either load model (a study fixes them), 0 for the run's
 * @param probe      a server-side component the operations go through, read around the cell, or null
 * @param over       the transports it runs over (by name); the others are left out of its cells
 * @param overText   those transports in words, for an error when none of the run's is one of them
 */
public record Scenario(String id, String title, String query, List<String> setup, OperationSource operations,
                       List<CellCheck> checks, Reference reference, String entityUnit, int clients, CellProbe probe,
                       Predicate<TransportName> over, String overText) {

    public static final Predicate<TransportName> ANY = t -> true;

    public Scenario(String id, String title, String query, List<String> setup, OperationSource operations,
                    List<CellCheck> checks, Reference reference, String entityUnit, int clients, CellProbe probe) {
        this(id, title, query, setup, operations, checks, reference, entityUnit, clients, probe, ANY, "any transport");
    }

    public Scenario(String id, String title, String query, List<String> setup, OperationSource operations,
                    List<CellCheck> checks, Reference reference, String entityUnit) {
        this(id, title, query, setup, operations, checks, reference, entityUnit, 0, null);
    }

    /** Whether it runs over a transport: embedded (inside the engine's own process) only when its operations are made as data. */
    public boolean runsOver(TransportName transport) {
        return over.test(transport) && (!transport.embedded() || operations instanceof PortableOperations);
    }

    /** The transports it runs over, in words (for an error naming them). */
    public String overText() {
        return operations instanceof PortableOperations || !over.test(TransportName.EMBEDDED) ? overText
                : overText + " but embedded (its operations are made in graphperf's own process)";
    }

    /** The same scenario with another query text (shown), schema and operations: as an engine's dialect has it. */
    public Scenario written(String query, List<String> setup, OperationSource operations) {
        return written(query, setup, operations, checks);
    }

    /** As above, with the checks as the dialect asks them. */
    public Scenario written(String query, List<String> setup, OperationSource operations, List<CellCheck> checks) {
        return new Scenario(id, title, query, setup, operations, checks, reference, entityUnit, clients, probe, over, overText);
    }

    /** The same scenario, run over only the transports {@code over} accepts. */
    public Scenario only(Predicate<TransportName> over, String overText) {
        return new Scenario(id, title, query, setup, operations, checks, reference, entityUnit, clients, probe, over, overText);
    }
}
