package io.graphperf.workloads.cells;

import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Reference;

import java.util.List;

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
 */
public record Scenario(String id, String title, String query, List<String> setup, OperationSource operations,
                       List<CellCheck> checks, Reference reference, String entityUnit, int clients, CellProbe probe) {

    public Scenario(String id, String title, String query, List<String> setup, OperationSource operations,
                    List<CellCheck> checks, Reference reference, String entityUnit) {
        this(id, title, query, setup, operations, checks, reference, entityUnit, 0, null);
    }
}
