package io.graphperf.workloads.cdc;

import io.graphperf.core.report.Format;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.core.results.ExperimentData;
import io.graphperf.core.results.Headline;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.TargetCheck;
import io.graphperf.engines.kafka.KafkaBroker;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.core.UserError;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** E5 — change data capture through Kafka (spec: workloads.md, E5). */
public final class CdcExperiment implements Experiment<CdcOptions> {

    public static final String NAME = "cdc";
    static final String SERIES = "series", FAULT = "fault", OPEN = "open-model";
    /** The targets: 100,000-node transactions end to end, and the open model's lag. */
    static final double TARGET_NODES_PER_S = 50_000, TARGET_LAG_P99_MS = 1000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "E5 — change data capture: Neo4j → Kafka → Neo4j";
    }

    @Override
    public String description() {
        return "Transactions of unit × multiplier nodes on a source Neo4j, streamed through Kafka (KRaft) by graphperf's change source and applied by"
                + " its sink to a second Neo4j (or a pipeline of yours): ms per node end to end, lag percentiles, an open model, the source's cost"
                + " to a committing client, and faults (kill -9 of the source, broker or sink; a paused broker) with every event checked";
    }

    @Override
    public ExperimentCommand<CdcOptions> command() {
        return new CdcCommand();
    }

    @Override
    public Optional<Class<? extends ExperimentData>> dataType() {
        return Optional.of(CdcData.class);
    }

    @Override
    public TrialResult run(RunContext ctx, CdcOptions o) throws Exception {
        Trial t = new Trial(ctx, o);
        String kafka, warmup;
        Map<String, String> brokerSettings = new LinkedHashMap<>();
        try (Pipeline p = Pipeline.start(ctx.engines(), o, ctx.dir(), ctx.home(), ctx.progress())) {
            kafka = p.broker() != null ? "graphperf's broker: Kafka " + KafkaBroker.VERSION + " (KRaft, broker + controller, one node) at " + p.bootstrapServers()
                    : "your cluster at " + p.bootstrapServers();
            if (p.broker() != null) brokerSettings.putAll(p.broker().settings());
            warmup = t.warmUp(p);
            // after the pipeline's warm-up, so that the source's capture and relay are compiled when it is measured
            if (o.sourceCost()) t.sourceCost(p);
            OutOfOrder sinkOrder = new OutOfOrder(p);
            t.series(p, sinkOrder);
            if (o.rate() != null && t.stopped == null) t.openModel(p, sinkOrder);
            t.faults(p, sinkOrder);
            if (t.stopped != null) t.failures.add(t.stopped + " — the run stopped measuring there (its rows so far are kept)");
        }
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("unit", o.unit());
        config.put("multipliers", o.multipliers());
        config.put("repeats", o.repeats());
        config.put("warmup", warmup);
        CdcData data = new CdcData(o.ownPipeline() ? "graphperf's change source and sink (Neo4j plugins)" : "yours: " + o.source() + " → " + o.sink()
                + " (graphperf only wrote to the source and read the sink)", kafka, brokerSettings, o.topic(), o.partitions(), o.replicationFactor(),
                o.ownPipeline() ? Pipeline.TEMPLATE : null, o.ownPipeline() ? "graphperf.cdc.awaitApplied, woken by each sink commit"
                : "an indexed count on the sink every " + Series.POLL_MS + " ms", t.open);
        return new TrialResult(t.cells, o.ownPipeline() ? "Neo4j → Kafka → Neo4j (graphperf's stream)" : "your pipeline", "", Map.of(), config, data,
                t.warnings, t.failures);
    }

    /** One trial's phases in turn (warm-up, source cost, the series, the open model, the fault rounds), adding to its cells and verdicts. */
    private final class Trial {
        final RunContext ctx;
        final CdcOptions o;
        final List<Cell> cells = new ArrayList<>();
        final List<String> failures = new ArrayList<>(), warnings = new ArrayList<>();
        CdcData.OpenModelData open;
        /** why measuring stopped (a phase that could not complete), or null */
        String stopped;

        Trial(RunContext ctx, CdcOptions o) {
            this.ctx = ctx;
            this.o = o;
        }

        /** The pipeline warmed up; returns how. */
        String warmUp(Pipeline p) throws Exception {
            PipelineWarmup.Result warm = PipelineWarmup.run(p, o, o.warmupMax(), ctx.progress());
            if (warm.transfers() > 0 && !warm.stable()) {
                warnings.add("the pipeline's warm-up ended at its limit (--warmup-max " + o.warmupMax().toSeconds() + "s) before its times were stable: "
                        + warm.describe() + "; the first series' figures may be those of a cold pipeline");
            }
            return warm.describe();
        }

        void sourceCost(Pipeline p) throws Exception {
            cells.addAll(SourceCost.run(ctx.engines(), p, o.sourceCostPlan(), ctx, failures));
            ctx.progress().phase("let the pipeline apply the source-cost writes");
            Optional<String> left = p.drain(Duration.ofMinutes(5));
            ctx.progress().phaseDone(left.map(l -> "NOT drained: " + l).orElse("drained"));
            left.ifPresent(l -> warnings.add("the source-cost writes were not all through the pipeline before the series (" + l + ")"));
        }

        /** The seed's series: one transaction of unit × m nodes per repeat, for each multiplier m, until one cannot complete. */
        void series(Pipeline p, OutOfOrder sinkOrder) throws Exception {
            for (int m : o.multipliers()) {
                for (int r = 1; r <= o.repeats(); r++) {
                    ctx.progress().phase("series ×" + m + " (" + Format.rate((double) o.unit() * m) + " nodes), transaction " + r + " of " + o.repeats());
                    Series.Transfer t;
                    try {
                        t = Series.run(p, o, m, r);
                    } catch (UserError e) {
                        throw e;
                    } catch (Exception e) {
                        // e.g. a transaction larger than the source's memory allows: the series stops, the rest of the run goes on
                        String why = "series ×" + m + ": the transaction of " + Format.rate((double) o.unit() * m) + " nodes failed: " + e.getMessage()
                                + (String.valueOf(e.getMessage()).contains("memory") ? " (a larger --heap gives the source more transaction memory)" : "");
                        failures.add(why);
                        ctx.progress().phaseDone("FAILED: " + why);
                        ctx.saved().cells(cells, failures);
                        break;
                    }
                    cells.add(seriesCell(ctx, o, t));
                    fail(failures, "series ×" + m + " transaction " + r, t.check());
                    sinkOrder.warn(warnings, "series ×" + m + " transaction " + r);
                    if (t.shortfall() != null) {
                        stopped = "series ×" + m + " transaction " + r + ": " + t.shortfall();
                        ctx.progress().phaseDone("INCOMPLETE: " + stopped);
                        ctx.saved().cells(cells, failures);
                        return;
                    }
                    ctx.progress().phaseDone(Format.ms(t.msPerNode()) + " ms/node, " + Format.rate(t.nodesPerSecond()) + " nodes/s, lag p99 "
                            + Format.ms(t.lag().p99()) + " ms; " + t.check().describe());
                    ctx.saved().cells(cells, failures);
                }
            }
        }

        void openModel(Pipeline p, OutOfOrder sinkOrder) throws Exception {
            ctx.progress().phase("open model: " + Format.rate(o.rate()) + " changes/s in transactions of " + o.txSize() + " by " + o.clients()
                    + " clients for " + o.duration().toSeconds() + " s");
            OpenModel.Result r = OpenModel.run(p, o);
            cells.add(openCell(ctx, o, r));
            fail(failures, "open model", r.check());
            if (r.topic() != null && !r.topic().passed()) failures.add("open model: " + r.topic().describe());
            sinkOrder.warn(warnings, "the open model");
            if (r.done().failed() > 0) failures.add("open model: " + r.done().failed() + " of " + (r.done().committed() + r.done().failed()) + " transactions failed on the source");
            if (r.achievedPerSecond() < 0.95 * r.offeredPerSecond()) {
                warnings.add("open model: achieved " + Format.rate(r.achievedPerSecond()) + " of " + Format.rate(r.offeredPerSecond())
                        + " changes/s offered — the source did not keep up; its lag figures are those of an overloaded pipeline");
            }
            open = new CdcData.OpenModelData(r.offered().rate(), r.offered().txSize(), r.done().seconds(), r.lagPerSecond(), r.samples(), r.cpuCores());
            if (r.shortfall() != null) stopped = "open model: " + r.shortfall();
            ctx.progress().phaseDone(r.shortfall() != null ? "INCOMPLETE: " + stopped : "lag p50 " + Format.ms(r.lag().p50()) + " ms, p99 " + Format.ms(r.lag().p99())
                    + " ms; " + r.check().describe() + (r.topic() == null ? "" : "; " + r.topic().describe()));
            ctx.saved().cells(cells, failures);
        }

        void faults(Pipeline p, OutOfOrder sinkOrder) throws Exception {
            Random random = new Random(ctx.seed());
            for (CdcOptions.Fault f : o.faults()) {
                if (stopped != null) break;
                ctx.progress().phase("fault round: " + f.label() + " (" + o.faultRate() + " transactions/s by " + o.clients() + " clients)");
                FaultRound.Result r = FaultRound.run(p, o, f, random, ctx.progress());
                cells.add(faultCell(ctx, r));
                fail(failures, "fault " + f.label(), r.check());
                if (!r.topic().passed()) failures.add("fault " + f.label() + ": " + r.topic().describe());
                sinkOrder.warn(warnings, "fault " + f.label());
                if (r.shortfall() != null) stopped = "fault " + f.label() + ": " + r.shortfall();
                ctx.progress().phaseDone(r.check().describe() + "; " + r.topic().describe());
                ctx.saved().cells(cells, failures);
            }
        }
    }

    private static void fail(List<String> failures, String what, SinkCheck c) {
        if (!c.passed()) failures.add(what + ": " + c.describe());
    }

    /** The sink's count of events applied out of order (never skipped, but a sign that order slipped), as a warning per phase that added to it. */
    private static final class OutOfOrder {
        private final Pipeline p;
        private long seen;

        OutOfOrder(Pipeline p) {
            this.p = p;
            this.seen = now();
        }

        private long now() {
            try {
                return p.metrics(p.sink(), false).get("sink.outOfOrder") instanceof Number n ? n.longValue() : 0;
            } catch (Exception e) {
                return seen;
            }
        }

        void warn(List<String> warnings, String phase) {
            long n = now();
            long added = n >= seen ? n - seen : n; // a restarted sink counts from zero
            seen = n;
            if (added > 0) {
                warnings.add(phase + ": the sink received " + added + " events below a position it had applied that it had never handled (sink.outOfOrder);"
                        + " it applied them — nothing was dropped — but their order slipped on the way");
            }
        }
    }

    private static Cell.Builder checked(Cell.Builder b, SinkCheck c) {
        b.value("lost", c.lost()).value("duplicated", c.duplicated()).value("out_of_order", c.outOfOrder());
        b.check(Check.equal("events committed on the source and never applied in the sink", 0, c.lost()));
        b.check(Check.equal("events applied more than once", 0, c.duplicated()));
        if (c.byHistory()) {
            b.check(Check.equal("nodes whose events were applied out of commit order", 0, c.outOfOrder()));
            b.check(Check.equal("nodes whose final state differs from the source's", 0, c.wrongState()));
        }
        return b;
    }

    /** What graphperf read from the topic itself for the group (see {@link TopicCheck}). */
    private static void topicChecked(Cell.Builder b, TopicCheck t) {
        b.value("topic_events", t.events()).value("topic_republished", t.republished()).value("topic_keys_out_of_order", t.keysOutOfOrder())
                .value("topic_transactions_incomplete", t.incomplete());
        b.check(Check.equal("events in the topic, distinct, vs committed on the source", t.expected(), t.events()));
        b.check(Check.equal("records in the topic whose sequence is below their key's previous one", 0, t.keysOutOfOrder()));
        b.check(Check.equal("transactions whose events 0..count-1 are not all in the topic, once", 0, t.incomplete()));
        b.check(Check.equal("positions published twice with different contents", 0, t.conflicting()));
    }

    static Cell seriesCell(RunContext ctx, CdcOptions o, Series.Transfer t) {
        Cell.Builder b = Cell.builder(NAME, SERIES).title("UNWIND range(1,$n) CREATE (n:Performance) on the source → sink").query(Series.STATEMENT)
                .transport("kafka").dimension("multiplier", t.multiplier()).dimension("transaction", t.repeat()).entityUnit("nodes")
                .variant(ctx.variant(), ctx.repeat(), ctx.axes()).phase(t.elapsedMs() / 1000).noDefaultFigure()
                .figure("ms per node", "ms", false, t.msPerNode())
                .value("nodes", t.nodes()).value("ms_per_node", t.msPerNode()).value("nodes_per_s", t.nodesPerSecond())
                .value("lag_p50_ms", t.lag().p50()).value("lag_p99_ms", t.lag().p99()).value("lag_max_ms", t.lag().max())
                .value("commit_ms", t.commitMs()).value("visible_ms", t.visibleMs());
        t.cpuSeconds().forEach((k, v) -> b.value("cpu_s_" + column(k), v));
        if (t.stages() != null) {
            b.value("first_published_ms", t.stages().firstPublishedMs()).value("all_published_ms", t.stages().allPublishedMs())
                    .value("first_applied_ms", t.stages().firstAppliedMs()).value("all_applied_ms", t.stages().allAppliedMs());
        }
        return checked(b, t.check()).build();
    }

    /** "source database" → "source", "harness (clients)" → "harness": a process's name as a results.csv column suffix. */
    static String column(String process) {
        return process.toLowerCase(Locale.ROOT).split("[^a-z]+")[0].equals("kafka") ? "broker" : process.toLowerCase(Locale.ROOT).split("[^a-z]+")[0];
    }

    static Cell openCell(RunContext ctx, CdcOptions o, OpenModel.Result r) {
        OpenModel.Offered offered = r.offered();
        Cell.Builder b = Cell.builder(NAME, OPEN).title("open model: " + offered.rate() + " changes/s in transactions of " + offered.txSize())
                .query(Series.STATEMENT).transport("kafka").dimension("rate", offered.rate()).dimension("tx_size", offered.txSize()).entityUnit("nodes")
                .variant(ctx.variant(), ctx.repeat(), ctx.axes()).phase(r.done().seconds()).noDefaultFigure()
                .figure("lag p99", "ms", false, r.lag().p99())
                .value("nodes", r.done().committed() * offered.txSize()).value("offered_per_s", r.offeredPerSecond())
                .value("achieved_per_s", r.achievedPerSecond()).value("late_starts", r.done().late()).value("failed_transactions", r.done().failed())
                .value("lag_p50_ms", r.lag().p50()).value("lag_p99_ms", r.lag().p99()).value("lag_max_ms", r.lag().max()).value("clients", offered.clients());
        r.cpuCores().forEach((k, v) -> b.value("cpu_cores_" + column(k), v));
        if (r.topic() != null) topicChecked(b, r.topic());
        return checked(b, r.check()).build();
    }

    static Cell faultCell(RunContext ctx, FaultRound.Result r) {
        Cell.Builder b = Cell.builder(NAME, FAULT).title("fault: " + r.fault().label() + " during small transactions with updates").query(FaultRound.CREATE)
                .transport("kafka").dimension("fault", r.fault().label()).entityUnit("events")
                .variant(ctx.variant(), ctx.repeat(), ctx.axes()).phase(r.convergedS()).noDefaultFigure()
                .value("events_expected", r.check().expected()).value("events_applied", r.check().applied()).value("fault_at_s", r.faultAtS())
                .value("recovery_s", r.recoveredS()).value("converged_s", r.convergedS()).value("transactions", r.transactions())
                .value("retried_statements", r.retried()).value("skipped_repeats", r.skippedRepeats()).value("late_starts", r.late());
        topicChecked(b, r.topic());
        return checked(b, r.check()).build();
    }

    @Override
    public List<ReportSection> sections() {
        return List.of(new CdcReport());
    }

    @Override
    public void summary(RunResult run, PrintStream out) {
        CdcReport.console(run, out);
    }

    @Override
    public List<Headline> headlines(List<Cell> cells) {
        return CdcReport.headlines(cells);
    }

    @Override
    public List<TargetCheck> targets(List<Cell> cells) {
        return CdcReport.targets(cells);
    }
}
