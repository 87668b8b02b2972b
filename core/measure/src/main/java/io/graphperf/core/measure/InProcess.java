package io.graphperf.core.measure;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineGroup;

/**
 * An engine that measures inside its own server process (the "embedded" transport): graphperf's {@link Runner} runs there on the
 * engine's in-process API, so the figures come from the same measuring layer as every other, without a protocol.
 */
public interface InProcess {

    /** Measures {@code plan}'s operations inside the server's process. */
    Measurement measureInProcess(InProcessPlan plan) throws Exception;

    /** {@code engine}'s in-process measurement, or an error saying why it has none. */
    static Measurement measure(Engine engine, InProcessPlan plan) throws Exception {
        if (engine instanceof InProcess p) return p.measureInProcess(plan);
        if (engine instanceof EngineGroup) {
            throw new UserError("the embedded transport measures inside one server's process; a group of servers is measured over bolt, http"
                    + " or the gateway's ws-* transports");
        }
        throw new UnsupportedOperationException(engine.description() + " cannot measure in-process");
    }
}
