package io.graphperf.workloads.cells;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Check;

/** A check of the engine's contents after a cell, against what the measuring layer saw acknowledged. */
@FunctionalInterface
public interface CellCheck {
    Check check(Engine engine, Measurement measured) throws Exception;

    /** What the check asks, named in a failed check when the engine could not answer it. */
    default String describe() {
        return "the engine's contents after the cell";
    }
}
