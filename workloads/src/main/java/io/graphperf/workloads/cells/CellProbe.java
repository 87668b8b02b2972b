package io.graphperf.workloads.cells;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.RunListener;

import java.util.List;
import java.util.Map;

/**
 * A server-side component a scenario's operations go through (the batch writer): read before the cell, told
 * when the window starts (through the Runner's events), and read after the cell once it has settled, so the
 * checks afterwards see final contents.
 */
public interface CellProbe {

    /** Reads the component before the cell. */
    void before(Engine engine) throws Exception;

    /** Subscribes to the cell's window events (e.g. to restart the component's histograms when the window starts). */
    RunListener listener(Engine engine);

    /** Waits until the component has applied everything, then returns its figures over the cell and any failures. */
    Outcome after(Engine engine) throws Exception;

    /** Waits until the component has applied everything (e.g. after a warm-up), without figures. */
    void settle(Engine engine) throws Exception;

    record Outcome(Map<String, Object> figures, List<String> failures) {
    }
}
