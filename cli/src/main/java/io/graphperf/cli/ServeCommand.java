package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.engines.neo4j.Neo4jEngine;
import io.graphperf.engines.neo4j.Neo4jEngines;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import io.graphperf.workloads.imports.SchemaPhase;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import io.graphperf.engines.neo4j.EngineHost;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code graphperf serve}: Neo4j with graphperf's plugins (the gateway, the batch writer, E2's procedures, the change stream
 * when asked), started as every experiment starts it, optionally loaded with a generated dataset, kept running until
 * Ctrl-C so a user can try the components from their own code; everything it started is stopped and its store removed.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Starts Neo4j 5.26 with graphperf's plugins — the WebSocket gateway, the durable batch writer, E2's stored procedures, and",
                "the change stream's source or sink when asked — optionally loads a generated dataset, prints the Bolt, HTTP and gateway",
                "addresses, and runs until Ctrl-C, then stops the server and removes its store (unless --keep-store). It listens on",
                "127.0.0.1 only, with Neo4j's authentication off."},
        footer = {"", "Examples:", "  graphperf serve --dataset social --scale 0.1",
                "  graphperf serve --gateway-port 7688 --gateway-token secret --procedures-only",
                "  graphperf serve --plugins my-procedures.jar   (call them through the gateway: {kind: procedure, name: …, args: {…}})",
                "  graphperf serve --cdc-source localhost:9092   (changes committed here published to your Kafka, topic graphperf-cdc)"})
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--dataset", paramLabel = "NAME", description = "Load a generated dataset first with Neo4j's importer: social (E2's, the one"
            + " E2's procedures read) or b2b (E1's); with its key constraints.")
    String dataset;
    @Option(names = "--scale", description = "The dataset's scale (default: 0.1).")
    Double scale;
    @Option(names = "--dataset-cache", paramLabel = "DIR", description = "Where generated datasets are kept for reuse (default: results/datasets).")
    Path datasetCache;
    @Option(names = "--dir", paramLabel = "DIR", description = "The server's folder: its store and logs (default: results/serve-TIMESTAMP).")
    Path dir;
    @Option(names = "--gateway-port", description = "The gateway's port (default: a free one).")
    Integer gatewayPort;
    @Option(names = "--gateway-token", paramLabel = "TOKEN", description = "A token the gateway's clients must send in their hello (default: none).")
    String gatewayToken;
    @Option(names = "--gateway-tls", arity = "2", paramLabel = "PEM", description = "The gateway's certificate and key (PEM files): wss:// only.")
    List<Path> gatewayTls;
    @Option(names = "--procedures-only", description = "The gateway refuses Cypher: only stored procedures and batch-writer submits.")
    boolean proceduresOnly;
    @Option(names = "--cdc-source", paramLabel = "BOOTSTRAP", description = "Turn on the change source: changes committed here are published to"
            + " this Kafka (host:port), topic graphperf-cdc.")
    String cdcSource;
    @Option(names = "--cdc-sink", paramLabel = "BOOTSTRAP", description = "Turn on the change sink: events on topic graphperf-cdc of this Kafka are"
            + " applied here.")
    String cdcSink;
    @Option(names = "--key-strategy", paramLabel = "entity|delete|compact", description = "With --cdc-source: the events' Kafka key, as Neo4j"
            + " Streams' strategies: entity (node:<id>, one entity's events in one partition; the default), delete (Streams' default,"
            + " \"<txId+txEventId>-<txEventId>\") or compact (a node's numeric id; a relationship's nodes and type) — both JSON, as"
            + " Streams writes them (docs/cdc.md).")
    String keyStrategy;
    @Option(names = "--event-ids", paramLabel = "element|numeric", description = "With --cdc-source: the ids events name entities by —"
            + " element ids (the default) or Neo4j Streams' numeric ids as text.")
    String eventIds;
    @Option(names = "--plugins", split = ",", paramLabel = "JAR|DIR", description = "Your own Neo4j plugins (jars, or folders of jars) to load beside"
            + " graphperf's: their procedures are callable over Bolt, HTTP and the gateway.")
    List<Path> plugins;
    @Option(names = "--metrics-port", paramLabel = "[HOST:]PORT", description = "Serve the components' metrics at /metrics (OpenMetrics, for"
            + " Prometheus; host 127.0.0.1 unless given; docs/metrics.md).")
    String metricsPort;
    @Mixin
    EngineOptions engine = new EngineOptions();

    /** How long Ctrl-C waits for the server to stop and its store to go before the JVM ends anyway. */
    static final long STOP_SECONDS = 120;

    @Override
    public Integer call() throws Exception {
        Map<String, String> settings = settings();
        if (scale != null && dataset == null) throw new UserError("--scale applies to --dataset");
        double s = scale == null ? 0.1 : scale;
        if (dataset != null && !List.of("social", "b2b").contains(dataset)) throw new UserError("unknown dataset '" + dataset + "' (option --dataset); known: social, b2b");
        if (!(s > 0 && s <= 100)) throw new UserError("bad scale " + s + " (option --scale): above 0 and at most 100");
        Path folder = dir != null ? dir : Launch.newRunDir(Path.of("results"), "serve");
        Files.createDirectories(folder);
        EngineOptions o = engine;
        o.settings.putAll(settings);
        Neo4jEngines engines = Launch.engines(o, new Variant("serve", Map.of()), folder, "serve", Optional.empty());
        ConsoleProgress progress = ConsoleProgress.forStderr();
        PrintStream out = System.out;
        Engine started = null;
        MetricsEndpoint metrics = null;
        CountDownLatch stop = new CountDownLatch(1), stopped = new CountDownLatch(1);
        // Ctrl-C (or SIGTERM): wake the main thread and hold the JVM until it stopped the server and removed the store
        Thread stopper = new Thread(() -> {
            stop.countDown();
            try {
                stopped.await(STOP_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "graphperf-serve-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            started = start(engines, s, progress);
            if (metricsPort != null) metrics = MetricsEndpoint.start(metricsPort, new ComponentMetrics(started, cdcSource != null || cdcSink != null)::render);
            printAddresses(out, (Neo4jEngine) started, s, metrics, folder, o.keepStore);
            stop.await();
            return 0;
        } finally {
            try {
                if (metrics != null) metrics.close();
                if (started != null) started.close();
                engines.deleteStore("serve");
                System.err.println("graphperf serve: stopped" + (o.keepStore ? "; the store is kept in " + folder : ", its store removed"));
            } finally {
                stopped.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(stopper);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook is what woke us
                }
            }
        }
    }

    /** Neo4j started, with the dataset loaded by its importer and its keys' constraints ONLINE when one is asked for. */
    private Engine start(Neo4jEngines engines, double s, ConsoleProgress progress) throws Exception {
        if (dataset == null) {
            progress.phase("start Neo4j");
            Engine started = engines.start("serve");
            progress.phaseDone(started.description());
            return started;
        }
        ImportDataset ds = ImportDatasets.generated(dataset, s, 1, 0, Runtime.getRuntime().availableProcessors(),
                datasetCache != null ? datasetCache : Path.of("results", "datasets"), null, progress);
        progress.phase("load " + dataset + " at scale " + s + " with Neo4j's importer");
        BulkImport importer = engines.bulkImport("serve", Map.of("max-off-heap", "2G"));
        BulkImport.Outcome loaded = importer.importFiles(ds.importArguments(0), progress);
        progress.phaseDone(String.format("%,d nodes, %,d relationships", loaded.nodes(), loaded.relationships()));
        progress.phase("start Neo4j");
        Engine started = importer.start();
        try {
            progress.phaseDone(started.description());
            List<SchemaPhase.Step> keys = ds.schemaSteps().stream().filter(st -> st.statement().contains("UNIQUE")).toList();
            SchemaPhase.run(started, keys, progress);
            return started;
        } catch (Exception | Error e) {
            started.close();
            throw e;
        }
    }

    /** What the user connects to, printed once the server is up. */
    private void printAddresses(PrintStream out, Neo4jEngine n, double s, MetricsEndpoint metrics, Path folder, boolean keepStore) {
        out.println("graphperf serve: Neo4j 5.26 with graphperf's plugins" + (dataset == null ? "" : ", " + dataset + " at scale " + s + " loaded"));
        out.println("  Bolt     " + n.boltUri());
        out.println("  HTTP     " + n.httpUrl());
        out.println("  gateway  " + n.gatewayUri() + "   (subprotocols graphperf.json, graphperf.bson, graphperf.msgpack; docs/gateway.md)");
        out.println("  login    none needed: Neo4j's authentication is off and every port listens on 127.0.0.1 only"
                + (gatewayToken == null ? "" : "; the gateway wants the token you gave in its hello"));
        out.println("  plugins  graphperf.batch.submit (batch writer), graphperf.social.q01 … q19 (E2), apoc.*" + (plugins == null ? "" : ", yours from " + plugins)
                + (cdcSource == null ? "" : ", change source → " + cdcSource) + (cdcSink == null ? "" : ", change sink ← " + cdcSink));
        if (metrics != null) out.println("  metrics  " + metrics.address() + "   (OpenMetrics: the batch writer's and the change stream's; docs/metrics.md)");
        out.println("  folder   " + folder.toAbsolutePath() + (keepStore ? " (the store is kept)" : " (the store is removed when it stops)"));
        out.println("Ctrl-C stops it.");
        out.flush();
    }

    /** The plugins' settings the options ask for, checked before anything starts. */
    Map<String, String> settings() {
        Map<String, String> m = new LinkedHashMap<>();
        if (gatewayPort != null) {
            if (gatewayPort < 1 || gatewayPort > 65535) throw new UserError("bad port " + gatewayPort + " (option --gateway-port): 1 to 65535");
            m.put("graphperf.gateway.port", String.valueOf(gatewayPort));
        }
        if (gatewayToken != null) {
            if (gatewayToken.isBlank()) throw new UserError("--gateway-token is empty");
            m.put("graphperf.gateway.token", gatewayToken);
        }
        if (gatewayTls != null) {
            for (Path p : gatewayTls) if (!Files.isReadable(p)) throw new UserError("cannot read " + p + " (option --gateway-tls CERTIFICATE KEY)");
            m.put("graphperf.gateway.tls_certificate", gatewayTls.get(0).toAbsolutePath().toString());
            m.put("graphperf.gateway.tls_key", gatewayTls.get(1).toAbsolutePath().toString());
        }
        if (proceduresOnly) m.put("graphperf.gateway.procedures_only", "true");
        if (plugins != null) {
            for (Path p : plugins) if (!Files.exists(p)) throw new UserError("no file or folder " + p + " (option --plugins)");
            m.put(EngineHost.USER_PLUGINS, String.join(File.pathSeparator, plugins.stream().map(p -> p.toAbsolutePath().toString()).toList()));
        }
        if (cdcSource != null) {
            m.put("graphperf.cdc.source.enabled", "true");
            m.put("graphperf.cdc.source.bootstrap_servers", cdcSource);
        }
        sourceOption("--key-strategy", keyStrategy, "graphperf.cdc.source.key_strategy", List.of("entity", "delete", "compact"), m);
        sourceOption("--event-ids", eventIds, "graphperf.cdc.source.ids", List.of("element", "numeric"), m);
        if (cdcSink != null) {
            m.put("graphperf.cdc.sink.enabled", "true");
            m.put("graphperf.cdc.sink.bootstrap_servers", cdcSink);
        }
        return m;
    }

    /** A change-source option: checked against its values, refused without --cdc-source. */
    private void sourceOption(String option, String value, String setting, List<String> values, Map<String, String> m) {
        if (value == null) return;
        if (cdcSource == null) throw new UserError(option + " applies to the change source: add --cdc-source BOOTSTRAP");
        if (!values.contains(value)) throw new UserError("bad value '" + value + "' for " + option + ": " + String.join(", ", values));
        m.put(setting, value);
    }
}
