package io.graphperf.workloads.cells;

import io.graphperf.core.measure.InProcess;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.PortableOperations;
import io.graphperf.core.measure.RunListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.results.AgentShare;

import java.nio.file.Path;
import java.util.List;

/**
 * Who sends a cell's operations and measures them: this process's {@link Runner} ({@link #HERE}; inside the engine's process for
 * the embedded transport), or load agents that each send a segment of the schedule and whose logs are merged.
 */
public interface CellLoad {

    /** The cell's measurement, and the agents' parts when several agents measured it. */
    record Measured(Measurement measurement, List<AgentShare> agents) {
    }

    Measured measure(Engine engine, Scenario scenario, TransportName transportName, Transport transport, RunPlan plan, Path histogramLog,
                     List<RunListener> listeners) throws Exception;

    /** What a run says about how its cells were loaded, for run.json (null: by this process). */
    default String describe() {
        return null;
    }

    /** This process measures. */
    CellLoad HERE = (engine, s, transportName, transport, plan, hlog, listeners) -> new Measured(transportName.embedded()
            // inside the engine's process, by the Runner there (no probe: components need a protocol)
            ? InProcess.measure(engine, InProcessPlan.of((PortableOperations) s.operations(), plan, hlog))
            : new Runner(transport, s.operations(), plan, hlog, engine.serverPids(), listeners).run(), List.of());
}
