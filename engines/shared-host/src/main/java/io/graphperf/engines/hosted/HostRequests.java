package io.graphperf.engines.hosted;

import io.graphperf.core.engine.ImportFiles;
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
 * The requests of the hosted engines' line. Every host answers fetch (a statement's rows), long (a statement's one number) and
 * measure (graphperf's Runner inside the host, the only timing there) the same way, on its engine's embedded transport
 * ({@link #common}); each answers its own open and, as its engine allows, load, execute, recreate and close.
 */
public final class HostRequests {

    private HostRequests() {
    }

    /**
     * The open request of an engine whose only setting is its cache: the database in {@code store} (created when new) with a cache
     * of {@code cacheBytes} (0: the engine's default). The reply says which engine it is and how it is set.
     */
    @HostRequest.Op(value = "open", reply = Map.class)
    public record Open(String store, long cacheBytes) implements HostRequest<Map<String, Object>> {
    }

    /** A statement's rows. */
    @HostRequest.Op(value = "fetch", reply = List.class)
    public record Fetch(String statement, Map<String, Object> params) implements HostRequest<List<List<Object>>> {
    }

    /** A statement's one number (the first column of its first row). */
    @HostRequest.Op(value = "long", reply = Long.class)
    public record LongValue(String statement) implements HostRequest<Long> {
    }

    /** A cell measured inside the host by graphperf's Runner. */
    @HostRequest.Op(value = "measure", reply = InProcessResult.class)
    public record Measure(InProcessPlan plan) implements HostRequest<InProcessResult> {
    }

    /** A statement run for its effect (schema, setup); the reply says it ran. */
    @HostRequest.Op(value = "execute", reply = String.class)
    public record Execute(String statement, Map<String, Object> params) implements HostRequest<String> {
    }

    /** An empty database in place of the open one. */
    @HostRequest.Op(value = "recreate", reply = String.class)
    public record Recreate() implements HostRequest<String> {
    }

    /** The dataset's files loaded by graphperf's loader in the host: the reply holds its stages, seconds, counts and bad entries. */
    @HostRequest.Op(value = "load", reply = Map.class)
    public record Load(ImportFiles files) implements HostRequest<Map<String, Object>> {
    }

    /** The database closed, its files flushed. */
    @HostRequest.Op(value = "close", reply = String.class)
    public record Close() implements HostRequest<String> {
    }

    /** Fetch, long and measure on the engine's embedded transport, which {@code transport} gives when a request needs it. */
    public static HostDispatch common(Supplier<Transport> transport) {
        return common(transport, () -> List.of(ProcessHandle.current().pid()));
    }

    /** As above, {@code serverPids} the processes that serve the engine (this host's own, and a server it started), whose CPU a cell records. */
    public static HostDispatch common(Supplier<Transport> transport, Supplier<List<Long>> serverPids) {
        return new HostDispatch()
                .on(Fetch.class, r -> {
                    try (Session s = transport.get().openSession()) {
                        return s.fetch(new Statement(r.statement(), r.params()));
                    }
                })
                .on(LongValue.class, r -> {
                    try (Session s = transport.get().openSession()) {
                        List<List<Object>> rows = s.fetch(new Statement(r.statement(), Map.of()));
                        return ((Number) rows.get(0).get(0)).longValue();
                    }
                })
                .on(Measure.class, r -> {
                    InProcessPlan plan = r.plan();
                    Measurement m = new Runner(transport.get(), plan.operations(), plan.runPlan(), plan.histogramLog() == null ? null : Path.of(plan.histogramLog()),
                            serverPids.get(), List.of()).run();
                    return InProcessResult.of(m);
                });
    }
}
