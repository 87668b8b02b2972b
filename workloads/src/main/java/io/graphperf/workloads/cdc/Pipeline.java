package io.graphperf.workloads.cdc;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.engines.kafka.KafkaBroker;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The parts of one E5 trial: Kafka (graphperf's broker or the user's cluster), the source database and the sink database
 * (graphperf's engine hosts with its change source and sink turned on, or the user's). Everything graphperf started is
 * stopped on {@link #close()}, which the trial calls on success, failure and Ctrl-C alike; the broker's and hosts' own
 * shutdown hooks and parent watches stop them should the harness die.
 */
final class Pipeline implements AutoCloseable {

    /**
     * The sink's template for the tester's topic: a node per source node, with the moment it arrived and the commit sequence of every event
     * applied to it. A creation is a CREATE (the sink applies each event once, so it needs no MERGE), a later change finds its node by index.
     */
    static final String TEMPLATE = "FOREACH (_ IN CASE WHEN event.meta.operation = 'created' THEN [1] ELSE [] END | CREATE (n:Performance) "
            + "SET n = event.payload.after.properties, n.source_id = event.payload.id, n.received_time = timestamp(), n.history = [event.meta.txId]) "
            + "FOREACH (_ IN CASE WHEN event.meta.operation = 'updated' THEN [1] ELSE [] END | MERGE (n:Performance {source_id: event.payload.id}) "
            + "SET n += event.payload.after.properties, n.received_time = timestamp(), n.history = coalesce(n.history, []) + event.meta.txId)";
    static final String SOURCE = "cdc-source", SINK = "cdc-sink";

    private final Engines engines;
    private final CdcOptions o;
    private final ProgressListener progress;
    private KafkaBroker broker;
    private volatile Engine source, sink;
    private final String bootstrap;

    private Pipeline(Engines engines, CdcOptions o, ProgressListener progress, KafkaBroker broker) {
        this.engines = engines;
        this.o = o;
        this.progress = progress;
        this.broker = broker;
        this.bootstrap = broker != null ? broker.bootstrapServers() : o.bootstrapServers();
    }

    static Pipeline start(Engines engines, CdcOptions o, Path dir, Path home, ProgressListener progress) throws Exception {
        KafkaBroker broker = null;
        if (o.bootstrapServers() == null) {
            progress.phase("start Kafka " + KafkaBroker.VERSION + " (KRaft, a child JVM)");
            broker = KafkaBroker.start(dir.resolve("kafka"), home, o.brokerHeap(), o.brokerSettings());
            progress.phaseDone(broker.bootstrapServers());
        } else if (o.ownPipeline() && !KafkaBroker.answers(o.bootstrapServers())) {
            throw new UserError("no Kafka broker answers at " + o.bootstrapServers() + " (option --bootstrap-servers)");
        }
        Pipeline p = new Pipeline(engines, o, progress, broker);
        try {
            if (o.ownPipeline()) {
                p.createTopics();
                progress.phase("start the source and sink databases");
                p.source = engines.start(SOURCE, p.sourceSettings(), 0);
                p.sink = engines.start(SINK, p.sinkSettings(), 0);
                progress.phaseDone("source pid " + p.source.serverPid().orElse(-1) + ", sink pid " + p.sink.serverPid().orElse(-1));
            } else {
                progress.phase("connect to your source and sink");
                p.source = connect(engines, o.source(), "--source", o);
                p.sink = connect(engines, o.sink(), "--sink", o);
                progress.phaseDone(o.source() + " → " + o.sink());
            }
            p.prepareSchema();
            return p;
        } catch (Exception | Error e) {
            p.close();
            throw e;
        }
    }

    private static Engine connect(Engines engines, String uri, String option, CdcOptions o) throws Exception {
        try {
            Engine e = engines.connectTo(uri, o.user(), o.password(), "neo4j");
            e.queryLong("RETURN 1");
            return e;
        } catch (Exception e) {
            throw new UserError("cannot reach " + uri + " (option " + option + "): " + e.getMessage());
        }
    }

    private void createTopics() throws InterruptedException {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap, "default.api.timeout.ms", 30_000))) {
            for (String t : List.of(o.topic(), o.topic() + "-dlq")) {
                try {
                    admin.createTopics(List.of(new NewTopic(t, t.equals(o.topic()) ? o.partitions() : 1, o.replicationFactor()))).all().get(60, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new UserError("cannot create topic " + t + " at " + bootstrap + ": " + e.getCause().getMessage());
                    }
                } catch (TimeoutException e) {
                    throw new UserError("Kafka at " + bootstrap + " did not create topic " + t + " within 60 s");
                }
            }
        }
    }

    /** The source's id in the events this pipeline publishes, and the one its sink applies. */
    static final String SOURCE_ID = "graphperf-e5-source";

    Map<String, String> sourceSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("graphperf.cdc.source.enabled", "true");
        s.put("graphperf.cdc.source.bootstrap_servers", bootstrap);
        s.put("graphperf.cdc.source.topic", o.topic());
        // the sink is told whose events it applies: another source on the topic is refused by name, never taken for repeats
        s.put("graphperf.cdc.source.id", SOURCE_ID);
        o.producerSettings().forEach((k, v) -> s.put("graphperf.cdc.source.kafka." + k, v));
        return s;
    }

    Map<String, String> sinkSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("graphperf.cdc.sink.enabled", "true");
        s.put("graphperf.cdc.sink.bootstrap_servers", bootstrap);
        s.put("graphperf.cdc.sink.topics", o.topic());
        s.put("graphperf.cdc.sink.source", SOURCE_ID);
        s.put("graphperf.cdc.sink.template." + o.topic(), TEMPLATE);
        s.put("graphperf.cdc.sink.dead_letter_topic", o.topic() + "-dlq");
        s.put("graphperf.cdc.sink.batch_size", String.valueOf(o.sinkBatch()));
        o.consumerSettings().forEach((k, v) -> s.put("graphperf.cdc.sink.kafka." + k, v));
        return s;
    }

    private void prepareSchema() throws Exception {
        source.execute("CREATE INDEX performance_group IF NOT EXISTS FOR (n:Performance) ON (n.group)");
        // the fault rounds' updates find one batch of their round: without this index each scanned the whole round's nodes, a cost
        // that grew with the round (quadratic: the source's CPU, not the pipeline, ended long rounds)
        source.execute("CREATE INDEX performance_group_batch IF NOT EXISTS FOR (n:Performance) ON (n.group, n.batch)");
        if (o.ownPipeline()) {
            sink.execute("CREATE INDEX performance_group IF NOT EXISTS FOR (n:Performance) ON (n.group)");
            sink.execute("CREATE INDEX performance_source_id IF NOT EXISTS FOR (n:Performance) ON (n.source_id)");
        }
        source.awaitIndexesOnline();
        sink.awaitIndexesOnline();
    }

    Engine source() {
        return source;
    }

    Engine sink() {
        return sink;
    }

    KafkaBroker broker() {
        return broker;
    }

    String bootstrapServers() {
        return bootstrap;
    }

    /** The source's and sink's change-stream counters (graphperf's pipeline only). */
    Map<String, Object> metrics(Engine e, boolean resetLag) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        if (!o.ownPipeline()) return m;
        List<Object> rows = e.queryColumn("CALL graphperf.cdc.metrics($r) YIELD name, value RETURN [name, value]", Map.of("r", resetLag));
        for (Object r : rows) {
            List<?> pair = (List<?>) r;
            m.put((String) pair.get(0), pair.get(1));
        }
        return m;
    }

    /**
     * The source's and the sink's counters as a clause of a sentence ("; source: captured …; sink: …"), for a message that explains a shortfall;
     * empty for a pipeline of the user's.
     */
    String counters() {
        if (!o.ownPipeline()) return "";
        StringBuilder b = new StringBuilder();
        for (Engine e : new Engine[]{source, sink}) {
            boolean isSource = e == source;
            try {
                Map<String, Object> m = metrics(e, false);
                b.append("; ").append(isSource ? "source" : "sink").append(": ");
                List<String> keys = isSource
                        ? List.of("source.state", "source.captured", "source.published", "source.unpublished", "source.inFlight", "source.oldestInFlightMs",
                        "source.publishFailures")
                        : List.of("sink.state", "sink.consumed", "sink.applied", "sink.skippedAlreadyApplied", "sink.outOfOrder", "sink.deadLettered",
                        "sink.consumerLag");
                b.append(String.join(", ", keys.stream().map(k -> k.substring(k.indexOf('.') + 1) + " " + m.get(k)).toList()));
            } catch (Exception x) {
                b.append("; ").append(isSource ? "source" : "sink").append(" counters unreadable: ").append(x.getMessage());
            }
        }
        return b.toString();
    }

    /**
     * Waits until the source has published everything it captured and the sink has consumed it all (graphperf's pipeline; at most
     * the timeout); empty when it did (or the pipeline is the user's), else what was left.
     */
    Optional<String> drain(Duration timeout) throws Exception {
        if (!o.ownPipeline()) return Optional.empty();
        long deadline = System.nanoTime() + timeout.toNanos();
        long unpublished = -1, lag = -1;
        while (System.nanoTime() < deadline) {
            Map<String, Object> s = metrics(source, false), k = metrics(sink, false);
            unpublished = ((Number) s.get("source.unpublished")).longValue();
            lag = ((Number) k.get("sink.consumerLag")).longValue();
            if (unpublished == 0 && lag == 0) return Optional.empty();
            Thread.sleep(200);
        }
        return Optional.of(unpublished + " events unpublished, " + lag + " not yet consumed after " + timeout.toSeconds() + " s");
    }

    /** SIGKILL of the source or sink host, then a start on the same store; the returned engine replaces the old one. */
    void killAndRestart(String which) throws Exception {
        Engine e = which.equals(SOURCE) ? source : sink;
        long pid = e.serverPid().orElseThrow();
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        ProcessHandle.of(pid).ifPresent(h -> h.onExit().join());
        try {
            e.close();
        } catch (RuntimeException ignored) {
            // its process is gone
        }
        Engine restarted = engines.start(which, which.equals(SOURCE) ? sourceSettings() : sinkSettings(), 0);
        if (which.equals(SOURCE)) source = restarted;
        else sink = restarted;
    }

    void killAndRestartBroker() throws Exception {
        broker.kill();
        broker.restart();
    }

    @Override
    public void close() {
        progress.phase("stop the pipeline");
        for (Engine e : new Engine[]{source, sink}) {
            if (e == null) continue;
            try {
                e.close();
            } catch (RuntimeException ignored) {
                // stopping anyway
            }
        }
        if (o.ownPipeline()) {
            for (String s : List.of(SOURCE, SINK)) {
                try {
                    engines.deleteStore(s);
                } catch (Exception ignored) {
                    // the trial folder keeps it
                }
            }
        }
        if (broker != null) broker.close();
        progress.phaseDone("stopped");
    }
}
