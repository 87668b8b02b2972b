package io.graphperf.workloads.orientdb;

import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.engines.orientdb.OrientHost;
import io.graphperf.engines.orientdb.host.OrientRequests;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.options.ExperimentCommand;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E4's writes on OrientDB: each scenario on a fresh database in one OrientDB engine host, measured by graphperf's Runner
 * running inside the host on OrientDB's embedded API (the measuring layer is the same code as every other transport's;
 * no network or driver in the figures, like Neo4j's embedded transport), then every acknowledged id looked up.
 */
public final class OrientWritesExperiment implements Experiment<OrientWritesOptions> {

    public static final String NAME = "orientdb-writes";
    public static final List<String> SCENARIOS = List.of("create-unlabelled", "create-labelled", "create-labelled-indexed", "foreach-100",
            "batch-1000-indexed");
    static final String DATABASE = "graphperf-e4";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "E4 on OrientDB — write scaling through OrientDB's embedded API";
    }

    @Override
    public String description() {
        return "E4's write scenarios in OrientDB SQL (" + String.join(", ", SCENARIOS) + "), 8 clients, measured by graphperf's Runner inside the"
                + " OrientDB engine host, every acknowledged id checked.";
    }

    @Override
    public ExperimentCommand<OrientWritesOptions> command() {
        return new OrientWritesCommand();
    }

    @Override
    public TrialResult run(RunContext ctx, OrientWritesOptions o) throws Exception {
        Map<String, String> settings = OrientImportExperiment.settings(ctx, o.diskCacheMb(), o.settings());
        Path dataDir = ctx.settings().containsKey("data-dir") ? Path.of(ctx.settings().get("data-dir")) : ctx.dir().resolve("orientdb");
        Path db = dataDir.resolve(DATABASE);
        List<Cell> cells = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        RunPlan plan = o.plan();
        try (OrientHost host = OrientHost.start(ctx.home(), ctx.dir().resolve("orientdb-host"), o.heap(), settings)) {
            for (String scenario : o.scenarios()) {
                ctx.progress().phase("OrientDB " + scenario + ", " + o.clients() + " clients");
                host.call(Duration.ofMinutes(5), new OrientRequests.Drop(db.toString()));
                host.call(Duration.ofMinutes(5), new OrientRequests.Create(db.toString()));
                // the mix is a placeholder: the host knows each scenario's SQL (its ids depend on client and sequence)
                OperationMix placeholder = new OperationMix(List.of(new OperationMix.Type(scenario, scenario, null, List.of(Map.of()), 1, 1)));
                Path hlog = ctx.histograms().resolve(NAME + "-" + scenario + ".hlog").toAbsolutePath();
                Files.createDirectories(hlog.getParent());
                OrientRequests.ScenarioResult answer = host.call(o.warmupMax().plus(o.duration()).plus(Duration.ofMinutes(10)),
                        new OrientRequests.MeasureScenario(scenario, InProcessPlan.of(placeholder, plan, hlog)));
                Measurement m = answer.measurement();
                Map<String, Long> check = answer.check().counts();
                Check c = check(scenario, check, m);
                if (!c.passed()) failures.add(scenario + ": " + c.detail());
                Cell cell = Cell.builder(NAME, scenario).title(title(scenario)).transport("orientdb-embedded").measurement(m)
                        .entityUnit(scenario.equals("foreach-100") ? "nodes + relationships + properties (400 per request)" : "nodes").check(c).build();
                cells.add(ctx.tag(cell));
                ctx.saved().cells(List.copyOf(cells), failures);
                ctx.progress().phaseDone(String.format("%,.0f ops/s, %,.0f entities/s, p99 %.1f ms; %s", m.throughput().opsPerSecond(), m.throughput().entitiesPerSecond(),
                        m.latencies().all().p99Ms(), c.detail()));
            }
            host.call(Duration.ofMinutes(5), new OrientRequests.Drop(db.toString()));
        }
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("orientdb", OrientHost.VERSION + " embedded, in its own JVM (heap " + o.heap() + ")");
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("orientdbSettings", settings);
        return new TrialResult(cells, "embedded OrientDB " + OrientHost.VERSION + " (child JVM, disk cache " + o.diskCacheMb() + " MB), measured in-process",
                "a fresh database per scenario", env, config, null, List.of(), failures);
    }

    static String title(String scenario) {
        return switch (scenario) {
            case "create-unlabelled" -> "INSERT INTO V SET user_id = :id, one transaction per request";
            case "create-labelled" -> "INSERT INTO User SET user_id = :id, one transaction per request";
            case "create-labelled-indexed" -> "INSERT INTO User … with an index on User.user_id, one transaction per request";
            case "foreach-100" -> "an SQL script creating 100 vertices with a self-edge each, one transaction per request";
            default -> "1000 INSERT INTO User statements in one transaction, index on User.user_id";
        };
    }

    /** The host's look-up of every id against the measuring layer's acknowledged operations. */
    static Check check(String scenario, Map<String, Long> r, Measurement m) {
        if (r.containsKey("vertices")) {
            long expected = r.get("expectedAtLeast");
            boolean ok = r.get("vertices") >= expected && r.get("edges") >= expected;
            return new Check("vertices and edges", expected, r.get("vertices"), ok, String.format("%,d vertices and %,d edges for %,d acknowledged requests"
                    + " (at least 100 each a request)", r.get("vertices"), r.get("edges"), m.outcomes().acknowledgedOps()));
        }
        boolean ok = r.get("missing") == 0 && r.get("duplicated") == 0 && r.get("neverIssued") == 0;
        return new Check("acknowledged ids", r.get("expected"), r.get("expected") - r.get("missing"), ok, String.format(
                "%,d acknowledged ids: %d missing, %d duplicated, %d never issued, %d unacknowledged but present%s", r.get("expected"), r.get("missing"),
                r.get("duplicated"), r.get("neverIssued"), r.get("unacknowledgedPresent"), r.get("exact") == 1 ? "" : " (accounting inexact)"));
    }
}
