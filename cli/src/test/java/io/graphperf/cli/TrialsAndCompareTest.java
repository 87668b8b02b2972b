package io.graphperf.cli;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.SyntheticTransport;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.Precision;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.Trials;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.workloads.options.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The trial driver with a stand-in experiment whose cells are real measurements (the Runner on a synthetic
 * transport): variants interleave, each trial gets its own folder and its variant's engine settings, and the
 * comparison finds a real difference and no difference where there is none; compare reads the folders back.
 */
class TrialsAndCompareTest {

    /**
     * Measures a synthetic transport whose latency depends on the variant's page cache: 64m makes it 30 % slower. Its calls sleep (10 or
     * 13 ms, 8 clients), so they use no CPU and a busy machine barely moves them: the difference is there whatever else runs.
     */
    static final class StandIn implements Experiment<String> {
        final List<String> order = new ArrayList<>();

        @Override
        public String name() {
            return "stand-in";
        }

        @Override
        public String title() {
            return "a stand-in experiment";
        }

        @Override
        public String description() {
            return "";
        }

        @Override
        public ExperimentCommand<String> command() {
            throw new UnsupportedOperationException();
        }

        @Override
        public TrialResult run(RunContext ctx, String options) throws Exception {
            boolean slow = "64m".equals(ctx.engines().settings().get("pageCache"));
            long nanos = slow ? 13_000_000 : 10_000_000;
            Operation op = new Operation("op", List.of(new Statement("x", null)), TxMode.EXPLICIT, 1);
            RunPlan plan = new RunPlan(new Closed(8), new Warmup.Fixed(Duration.ofMillis(200)), Duration.ofMillis(600), 0, Duration.ofMillis(100), 5, null);
            Measurement m = ctx.runner(new Runner(SyntheticTransport.fixed(nanos), (c, s) -> op, plan, null, List.of(), List.of()), "synthetic", plan).run();
            Cell c = ctx.tag(Cell.builder(name(), "synthetic").transport("synthetic").measurement(m).build());
            if ("crash".equals(ctx.engines().settings().get("pageCache"))) {
                ctx.saved().cells(List.of(c), List.of()); // a first cell measured, then the engine dies
                synchronized (this) {
                    order.add(ctx.variant() + " (crashed)");
                }
                throw new IllegalStateException("the engine's server is gone: killed by SIGSEGV");
            }
            synchronized (this) {
                order.add(ctx.variant());
            }
            return new TrialResult(List.of(c), "synthetic", "", Map.of(), Map.of(), null, List.of(), List.of());
        }
    }

    /** Engines that start nothing: they only say which settings the trial got. */
    record FakeEngines(Map<String, Object> settings) implements Engines {
        @Override public boolean embedded() { return true; }
        @Override public Engine start(String store, Map<String, String> s, int connections) { throw new UnsupportedOperationException(); }
        @Override public BulkImport bulkImport(String store, Map<String, String> options) { throw new UnsupportedOperationException(); }
        @Override public void deleteStore(String store) { }
        @Override public String describe() { return "fake"; }
    }

    static RunResult series(Path dir, StandIn e, List<String> variants, int repeats) throws Exception {
        Trials.Spec spec = new Trials.Spec(Variant.all(variants), repeats, dir, 7, dir.resolve("datasets"), Path.of("."), Map.of(), Verdicts.Settings.DEFAULT);
        return Trials.run(e, "", spec, (v, trialDir, id) -> new FakeEngines(Map.of("pageCache", v.settings().getOrDefault("page-cache", "512m"))),
                ProgressListener.NONE);
    }

    @Test
    void variantsInterleaveAndARealDifferenceIsFoundThroughTheWholePipeline(@TempDir Path dir) throws Exception {
        StandIn e = new StandIn();
        Path runDir = Files.createDirectories(dir.resolve("series"));
        RunResult r = series(runDir, e, List.of("small-cache:page-cache=64m"), 5);
        assertEquals(List.of("baseline", "small-cache", "baseline", "small-cache", "baseline", "small-cache", "baseline", "small-cache", "baseline",
                "small-cache"), e.order, "A B A B …");
        assertEquals(10, r.trials().size());
        assertEquals(10, r.cells().size());
        assertTrue(r.passed(), r.failures().toString());
        assertEquals("trials/02-small-cache-1", r.trials().get(1).dir());
        assertTrue(Files.isRegularFile(runDir.resolve("trials/02-small-cache-1").resolve(JsonExporter.FILE)), "each trial has its own folder");
        FigureComparison tp = r.comparisons().get(0).figures().get(0);
        assertEquals("throughput", tp.figure());
        assertEquals(Verdicts.Outcome.WORSE, tp.outcome(), tp.reason());
        assertEquals(5, tp.baseline().n());
        for (String f : List.of("run.json", "results.csv", "comparison.csv", "report.html")) assertTrue(Files.isRegularFile(runDir.resolve(f)), f);
        List<String> csv = Files.readAllLines(runDir.resolve("results.csv"));
        assertEquals(11, csv.size(), "one row per cell of every variant and repeat");
        assertTrue(csv.get(1).startsWith("stand-in,synthetic,synthetic,8,closed,,baseline,1,"), csv.get(1));

        // compare reads the run back and gives the same verdict; a single run a side gives none
        CliErrorsTest.Outcome o = CliErrorsTest.cli("compare", runDir + ":baseline", runDir + ":small-cache", "--out", dir.resolve("cmp").toString());
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("1 slower/worse"), o.out());
        assertTrue(o.out().contains("minimum detectable effect"), "every comparison says what it could have seen: " + o.out());
        // as a regression gate: the slowed variant fails it (exit 3, the figure named, a Markdown summary for the CI job)
        Path md = dir.resolve("summary.md");
        CliErrorsTest.Outcome gate = CliErrorsTest.cli("compare", runDir + ":baseline", runDir + ":small-cache", "--out", dir.resolve("gate").toString(),
                "--fail-on", "slower", "--markdown", md.toString());
        assertEquals(3, gate.code(), gate.out() + gate.err());
        assertTrue(gate.out().contains("GATE FAILED") && gate.out().contains("synthetic") && gate.out().contains("throughput"), gate.out());
        String summary = Files.readString(md);
        assertTrue(summary.contains("**Gate failed: ") && summary.contains("| cell · figure |") && summary.contains("**slower / worse**"), summary);
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("compare", runDir + ":baseline", runDir + ":small-cache", "--fail-on", "faster"),
                "--fail-on faster: give slower or inconclusive");
        CliErrorsTest.Outcome one = CliErrorsTest.cli("compare", runDir.resolve("trials/01-baseline-1").toString(),
                runDir.resolve("trials/02-small-cache-1").toString(), "--out", dir.resolve("cmp1").toString());
        assertEquals(0, one.code(), one.failure());
        assertTrue(one.out().contains("1 without a verdict"), one.out());
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("compare", runDir.toString(), runDir + ":baseline"), "holds variants [baseline, small-cache]");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("compare", runDir + ":nope", runDir + ":baseline"), "has no variant 'nope'");
    }

    /** An engine that crashes stops its own variant only: the others' trials go on, and the run ends failed, naming it and why. */
    @Test
    void aVariantWhoseTrialFailsStopsAloneAndTheRunEndsFailed(@TempDir Path dir) throws Exception {
        StandIn e = new StandIn();
        Path runDir = Files.createDirectories(dir.resolve("series"));
        RunResult r = series(runDir, e, List.of("crashing:page-cache=crash", "other:page-cache=256m"), 2);
        assertEquals(List.of("baseline", "crashing (crashed)", "other", "baseline", "other"), e.order, "the crashed variant's second trial skipped");
        assertFalse(r.passed());
        assertEquals(5, r.trials().size());
        assertEquals(List.of(false), r.trials().stream().filter(t -> t.variant().equals("crashing")).map(RunResult.Trial::passed).toList());
        assertEquals(4, r.trials().stream().filter(RunResult.Trial::passed).count(), "every other trial ran and passed");
        assertEquals(5, r.cells().size(), "the crashed trial's cell measured before the crash is kept");
        assertEquals(1, r.cells().stream().filter(c -> c.variant().equals("crashing")).count());
        assertTrue(r.failures().size() == 1 && r.failures().get(0).contains("02-crashing-1") && r.failures().get(0).contains("SIGSEGV"), r.failures().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("crashing: its later trials skipped")), r.warnings().toString());
        assertEquals(1, r.comparisons().stream().filter(c -> c.variant().equals("other")).count(), "the variants that ran are still compared");
    }

    /** Both variants at once, round by round: each round's two trials start every cell together; the verdict comes from the pairs. */
    @Test
    void aDuetRunsBothSidesAtOnceAndComparesThemRoundByRound(@TempDir Path dir) throws Exception {
        StandIn e = new StandIn();
        Trials.Spec spec = new Trials.Spec(Variant.all(List.of("small-cache:page-cache=64m")), 3, dir, 7, dir.resolve("datasets"), Path.of("."), Map.of(),
                Verdicts.Settings.DEFAULT, Optional.empty(), Trials.Pairing.DUET);
        RunResult r = Trials.run(e, "", spec, (v, trialDir, id) -> new FakeEngines(Map.of("pageCache", v.settings().getOrDefault("page-cache", "512m"))),
                ProgressListener.NONE);
        assertTrue(r.passed(), r.failures().toString());
        assertEquals(6, r.trials().size());
        for (int round = 1; round <= 3; round++) {
            int n = round;
            assertEquals(2, r.cells().stream().filter(c -> c.repeat() == n).count(), "both sides in round " + n);
        }
        var vc = r.comparisons().get(0);
        assertTrue(vc.test().startsWith("a duet, compared round by round"), vc.test());
        assertEquals(Verdicts.Outcome.WORSE, vc.figures().get(0).outcome(), vc.figures().get(0).reason());
        assertEquals(1, vc.noise().size(), "where the noise lives, for the duet's figure");
        assertTrue(String.valueOf(r.configuration().get(Trials.PAIRING)).startsWith("duet"), r.configuration().toString());
        for (RunResult.Trial t : r.trials()) assertTrue(t.covariates() != null && t.covariates().containsKey("cpu_loop_us"), "the machine probed: " + t);
        // compare re-judges the duet's two variants round by round, as the run did; a minimum effect beyond its interval turns its "slower" down
        CliErrorsTest.Outcome again = CliErrorsTest.cli("compare", dir + ":baseline", dir + ":small-cache", "--out", dir.resolve("cmp").toString());
        assertEquals(0, again.code(), again.failure());
        assertTrue(again.out().contains("a duet, compared round by round") && again.out().contains("1 slower/worse"), again.out());
        double worse = -Math.min(vc.figures().get(0).ci95LowPct(), vc.figures().get(0).ci95HighPct()); // the interval's far end: past it, no longer "slower"
        CliErrorsTest.Outcome larger = CliErrorsTest.cli("compare", dir + ":baseline", dir + ":small-cache", "--out", dir.resolve("cmp2").toString(),
                "--min-effect", String.valueOf(Math.ceil(worse + 1)));
        assertTrue(larger.out().contains("a duet, compared round by round") && !larger.out().contains("1 slower/worse"), larger.out());
        // the import's phases are not measured in graphperf's process: its command has no --pairing, in --help or on the command line
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "import", "--variant", "b:page-cache=64m", "--pairing", "duet"),
                "Unknown options: '--pairing'");
        assertFalse(CliErrorsTest.cli("run", "import", "--help").out().contains("--pairing"), "run import --help offers no --pairing");
        assertTrue(CliErrorsTest.cli("run", "writes", "--help").out().contains("--pairing"), "run writes --help offers --pairing");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "writes", "--pairing", "duet"), "exactly one --variant");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "writes", "--pairing", "trio"), "--pairing trio: give interleaved or duet");
    }

    /** A known slowdown injected into one variant's operations (graphperf.slowdown) is found where it is: the calibration's premise. */
    @Test
    void anInjectedSlowdownIsFoundSlower(@TempDir Path dir) throws Exception {
        RunResult r = series(dir, new StandIn(), List.of("slow:graphperf.slowdown=30%"), 3);
        FigureComparison tp = r.comparisons().get(0).figures().get(0);
        assertEquals(Verdicts.Outcome.WORSE, tp.outcome(), tp.reason());
        assertTrue(tp.differencePct() < -15, "about 1/1.3 of the baseline's throughput: " + tp.differencePct());
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "writes", "--variant", "slow:graphperf.slowdown=lots"), "give a percentage such as 5%");
    }

    @Test
    void aConfigurationComparedWithItselfFindsNoDifference(@TempDir Path dir) throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("aa"));
        RunResult r = series(runDir, new StandIn(), List.of("same:page-cache=512m"), 5);
        for (FigureComparison c : r.comparisons().get(0).figures()) {
            assertFalse(c.outcome() == Verdicts.Outcome.BETTER || c.outcome() == Verdicts.Outcome.WORSE, c.figure() + ": " + c.reason());
        }
        // and the regression gate passes A against A
        CliErrorsTest.Outcome gate = CliErrorsTest.cli("compare", runDir + ":baseline", runDir + ":same", "--out", dir.resolve("gate").toString(),
                "--fail-on", "slower");
        assertEquals(0, gate.code(), gate.failure());
        assertTrue(gate.out().contains("Gate passed"), gate.out());
    }

    @Test
    void precisionOnDemandAddsRoundsUntilEveryFigureIsNarrowEnoughOrTheBudgetEnds(@TempDir Path dir) throws Exception {
        // a target no run reaches (the stand-in's sleeping clients agree from trial to trial to a ten-thousandth of a percent) and a
        // budget of 1 ms: the rule applies from the 3rd round on and the budget stops it there
        Path strict = Files.createDirectories(dir.resolve("strict"));
        Trials.Spec spec = new Trials.Spec(Variant.all(List.of("small-cache:page-cache=64m")), 1, strict, 7, dir.resolve("datasets"), Path.of("."), Map.of(),
                Verdicts.Settings.DEFAULT, new Precision.Goal(1e-12, Duration.ofMillis(1), Precision.Goal.MIN_RUNS, 10));
        RunResult r = Trials.run(new StandIn(), "", spec, (v, trialDir, id) -> new FakeEngines(Map.of("pageCache", v.settings().getOrDefault("page-cache",
                "512m"))), ProgressListener.NONE);
        assertEquals(6, r.trials().size(), "3 rounds of 2 variants, interleaved");
        assertEquals(3, r.repeats());
        Precision.Outcome o = (Precision.Outcome) r.configuration().get(Trials.PRECISION);
        assertEquals(3, o.rounds());
        assertTrue(o.stoppedBecause().contains("budget"), o.stoppedBecause());
        assertEquals(2, o.figures().size(), "one figure per variant: " + o.figures());
        for (Precision.FigurePrecision f : o.figures()) {
            assertEquals(3, f.runs());
            assertFalse(f.reached(), f.toString());
            assertTrue(f.halfWidthPct() > 0 && f.runsNeeded() > 3, "it says what the target would take: " + f);
        }
        assertTrue(Precision.summary(o).get(0).contains("0 of 2 figures reached it after 3 rounds"), Precision.summary(o).toString());
        JsonExporter.read(strict); // run.json with the outcome reads back
        assertTrue(Files.readString(strict.resolve("report.html")).contains("0 of 2 figures reached it"), "the report says it too");
        assertEquals(0, CliErrorsTest.cli("report", strict.toString()).code());
        assertTrue(Files.readString(strict.resolve("report.html")).contains("0 of 2 figures reached it"), "and again from run.json");

        // a target the runs reach: the run stops as soon as every figure is within it from round 5 on (not sooner: an interval that
        // happens to be narrow after 3 rounds is too narrow), never at the cap
        Path loose = Files.createDirectories(dir.resolve("loose"));
        spec = new Trials.Spec(Variant.all(List.of()), 1, loose, 7, dir.resolve("datasets"), Path.of("."), Map.of(), Verdicts.Settings.DEFAULT,
                new Precision.Goal(0.5, Duration.ofMinutes(10), Precision.Goal.MIN_RUNS, 20));
        r = Trials.run(new StandIn(), "", spec, (v, trialDir, id) -> new FakeEngines(Map.of("pageCache", "512m")), ProgressListener.NONE);
        o = (Precision.Outcome) r.configuration().get(Trials.PRECISION);
        assertEquals("every figure within the target", o.stoppedBecause());
        assertTrue(o.rounds() >= Precision.Goal.MIN_RUNS_TO_STOP && o.rounds() < 20, "rounds: " + o.rounds());
        assertTrue(o.figures().stream().allMatch(f -> f.reached() && f.halfWidthPct() <= 50), o.figures().toString());
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "writes", "--precision", "5%", "--repeat", "3"), "--precision chooses the number of runs itself");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "writes", "--precision", "abc"), "--precision abc: give a percentage");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("run", "writes", "--budget", "10m"), "--budget goes with --precision");
    }

    @Test
    void historyDrawsEachFigureAcrossRunsAndFlagsWhereItChanged(@TempDir Path dir) throws Exception {
        // six runs, one a day in effect: the last three on the slow configuration (30 % slower calls)
        Path all = Files.createDirectories(dir.resolve("results"));
        for (int i = 0; i < 6; i++) {
            String cache = i < 3 ? "512m" : "64m";
            Trials.Spec spec = new Trials.Spec(Variant.all(List.of()), 1, Files.createDirectories(all.resolve("run-" + i)), 7, dir.resolve("datasets"),
                    Path.of("."), Map.of(), Verdicts.Settings.DEFAULT);
            Trials.run(new StandIn(), "", spec, (v, trialDir, id) -> new FakeEngines(Map.of("pageCache", cache)), ProgressListener.NONE);
        }
        Files.createDirectories(all.resolve("not-a-run"));
        CliErrorsTest.Outcome o = CliErrorsTest.cli("history", all.toString(), "--out", dir.resolve("h").toString());
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("graphperf history stand-in: 6 runs") && o.out().contains("1 change point(s)"), o.out());
        assertTrue(o.out().contains("synthetic") && o.out().contains("throughput: worse") && o.out().contains("from run run-3"), o.out());
        String html = Files.readString(dir.resolve("h").resolve("history.html"));
        assertTrue(html.contains("class=\"history changed\"") && html.contains("<svg"), "the figure is drawn, its change marked");
        List<String> csv = Files.readAllLines(dir.resolve("h").resolve("history.csv"));
        assertEquals(1 + 6 * 1, csv.stream().filter(l -> !l.isBlank()).count(), "one row per run and figure: " + csv);
        assertTrue(csv.get(4).endsWith(",yes"), "the change point's row: " + csv.get(4));
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("history", dir.resolve("none").toString()), "does not exist");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("history", all.toString(), "--experiment", "writes"), "no run of experiment writes");
    }

    @Test
    void aRunJsonOfTheFirstSchemaIsRefusedWithAReason(@TempDir Path dir) throws Exception {
        Path old = Files.createDirectories(dir.resolve("old"));
        Files.writeString(old.resolve("run.json"), "{\"runId\":\"x\",\"experiment\":\"writes\",\"scenarios\":[],\"imports\":[],\"failures\":[]}");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("compare", old.toString(), old.toString()), "has results schema 1 (written by graphperf before cells");
        CliErrorsTest.assertCleanError(CliErrorsTest.cli("report", old.toString()), "this graphperf reads schema 2 only");
    }
}
