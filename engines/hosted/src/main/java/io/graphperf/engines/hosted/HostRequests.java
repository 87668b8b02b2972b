package io.graphperf.engines.hosted;

import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.Runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The requests every engine host answers the same way, on its engine's embedded transport: fetch (a statement's rows), long
 * (a statement's one number), measure (graphperf's Runner inside the host, the only timing there), exit. An engine's host
 * answers its own (open, load, execute, close…) and hands the rest here.
 */
public final class HostRequests {

    private HostRequests() {
    }

    /** The answer to request {@code a}; {@code transport} gives the engine's embedded transport when the request needs one (not exit). */
    public static String answer(String[] a, Supplier<Transport> transport) throws Exception {
        return answer(a, transport, () -> List.of(ProcessHandle.current().pid()));
    }

    /** As above, {@code serverPids} the processes that serve the engine (this host's own, and a server it started), whose CPU a cell records. */
    @SuppressWarnings("unchecked")
    public static String answer(String[] a, Supplier<Transport> transport, Supplier<List<Long>> serverPids) throws Exception {
        switch (a[0]) {
            case "fetch" -> {
                try (Session s = transport.get().openSession()) {
                    return HostedEngine.JSON.writeValueAsString(s.fetch(new Statement(a[1], HostedEngine.JSON.readValue(a[2], Map.class))));
                }
            }
            case "long" -> {
                try (Session s = transport.get().openSession()) {
                    List<List<Object>> rows = s.fetch(new Statement(a[1], Map.of()));
                    return String.valueOf(((Number) rows.get(0).get(0)).longValue());
                }
            }
            case "measure" -> {
                InProcessPlan plan = HostedEngine.JSON.readValue(a[1], InProcessPlan.class);
                Measurement m = new Runner(transport.get(), plan.operations(), plan.runPlan(), plan.histogramLog() == null ? null : Path.of(plan.histogramLog()),
                        serverPids.get(), List.of()).run();
                return HostedEngine.JSON.writeValueAsString(InProcessResult.of(m));
            }
            case "exit" -> {
                return "bye";
            }
            default -> throw new IllegalArgumentException("unknown request '" + a[0] + "'");
        }
    }
}
