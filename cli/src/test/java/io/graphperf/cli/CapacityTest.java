package io.graphperf.cli;

import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.Objective;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.measure.QueueServers;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.report.CapacitySection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Verdicts;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.Trials;
import io.graphperf.workloads.cells.CapacityCells;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A capacity search through the whole pipeline — trials, run.json, results.csv, report.html — on a stand-in engine of 2 servers (the
 * baseline) or 4 (the variant), 10 ms a request: 200/s and 400/s served. Each variant gets its capacity, the report compares them, and
 * every probe is a row of results.csv tied to its search.
 */
class CapacityTest {

    static final class Searching implements Experiment<String> {
        @Override
        public String name() {
            return "capacity-stand-in";
        }

        @Override
        public String title() {
            return "a capacity search on a stand-in queue";
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
            int servers = Integer.parseInt(String.valueOf(ctx.engines().settings().get("servers")));
            CapacitySearch.Settings settings = CapacitySearch.Settings.of(List.of(Objective.parse("p99 < 30ms", List.of(), "objective", "test")), 100)
                    .withPrecision(0.1).withRepeats(2);
            List<Cell> cells = new ArrayList<>();
            CapacityCells.search(settings, servers, ctx, name(), "queue", "a queue of " + servers + " servers", "synthetic", load -> {
                QueueServers q = new QueueServers(load, k -> 10_000_000L);
                RunPlan plan = new RunPlan(load, new Warmup.Fixed(Duration.ofMillis(100)), Duration.ofMillis(400), 0, Duration.ofMillis(100), 4, null);
                Measurement m = ctx.runner(new Runner(q, q.slots(), plan, null, List.of(), List.of(q.start())), "queue", plan).run();
                return ctx.tag(Cell.builder(name(), "queue").transport("synthetic").measurement(m).build());
            }, cells, new ArrayList<>(), b -> { });
            return new TrialResult(cells, "stand-in queue", "", Map.of(), Map.of(), null, List.of(), List.of());
        }
    }

    @Test
    void eachVariantGetsItsCapacityComparedAndEveryProbeIsARow(@TempDir Path dir) throws Exception {
        Trials.Spec spec = new Trials.Spec(Variant.all(List.of("four:stand.in.servers=4")), 2, dir, 7, dir.resolve("datasets"), Path.of("."), Map.of(),
                Verdicts.Settings.DEFAULT);
        RunResult r = Trials.run(new Searching(), "", spec,
                (v, trialDir, id) -> new TrialsAndCompareTest.FakeEngines(Map.of("servers", v.settings().getOrDefault("stand.in.servers", "2"))), ProgressListener.NONE);
        List<Cell> outcomes = r.cells().stream().filter(Cell::isCapacity).toList();
        assertEquals(4, outcomes.size(), "a search per variant and repeat: " + r.cells());
        Cell two = outcomes.stream().filter(c -> c.variant().equals("baseline")).findFirst().orElseThrow();
        Cell four = outcomes.stream().filter(c -> c.variant().equals("four")).findFirst().orElseThrow();
        // 10 ms a request: 2 servers serve 200/s, 4 serve 400/s; p99 < 30 ms breaks just past that, when the queue grows through the window
        assertBracket(two, 200);
        assertBracket(four, 400);
        String verdict = CapacitySection.verdict(two, four);
        if (disagreed(two) || disagreed(four)) {
            // a busy machine broke a probe below a capacity (seen in .ci/run beside two busy loops: four's bracket 175–450/s): the
            // brackets may then overlap, and the comparison must say so rather than call a winner
            assertTrue(verdict.contains("HIGHER") || verdict.contains("not told apart") && verdict.contains("brackets overlap"), verdict);
        } else {
            assertTrue(verdict.contains("HIGHER"), verdict);
            assertEquals("precision", four.component().get("stop"));
        }
        // every probe is a cell of its search: its objective, its number, and whether it kept the objective
        long probes = r.cells().stream().filter(c -> c.dimensions().containsKey(Cell.PROBE)).count();
        assertEquals(outcomes.stream().mapToDouble(c -> c.values().get("capacity_probes")).sum(), probes, 1e-9);
        // each variant's two searches pooled: one bracket over both processes' probes, read from both sides, holding the known capacity
        List<String> pooled = CapacitySection.pooled(r);
        assertEquals(2, pooled.size(), pooled.toString());
        for (String line : pooled) assertTrue(line.contains("over 2 engine processes between"), line);
        double[] base = bracketOf(pooled.stream().filter(l -> l.contains("[baseline]")).findFirst().orElseThrow());
        assertTrue(base[0] <= 200 * 1.02 && 200 <= base[1], "2 servers serve 200/s: " + pooled);
        for (Cell c : r.cells()) assertEquals("p99 < 30ms", c.dimensions().get(Cell.OBJECTIVE), c.label());
        List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
        for (String column : List.of("objective", "capacity_probe", "kept", "capacity_per_s", "capacity_low_per_s", "capacity_high_per_s")) {
            assertTrue(csv.get(0).contains(column), column + " in " + csv.get(0));
        }
        assertEquals(r.cells().size() + 1, csv.size(), "a row per probe and per outcome");
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("Capacity curve") && html.contains("Capacities compared") && html.contains("capacity-latency")
                && html.contains("Over engine processes"), "the report's capacity section");
    }

    /** [low, high] of a pooled line's "between A and B ops/s". */
    private static double[] bracketOf(String line) {
        var m = java.util.regex.Pattern.compile("between ([0-9.e+]+) and ([0-9.e+]+) ops/s").matcher(line);
        assertTrue(m.find(), line);
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
    }

    /** Every bad capacity input is refused before anything starts: exit 2, naming the option. */
    @Test
    void badCapacityInputIsRefusedBeforeAnythingStarts() {
        String[][] cases = {
                {"bad objective 'p99 under 5ms' (option --capacity)", "run", "reads", "--capacity", "p99 under 5ms"},
                {"percentile 101 is out of range", "run", "reads", "--capacity", "p101 < 5ms"},
                {"cannot bound a capacity", "run", "writes", "--capacity", "throughput > 5/s"},
                {"graphperf run import has no capacity search (option --capacity)", "run", "import", "--capacity", "p99 < 5ms"},
                {"graphperf run cdc has no capacity search (option --capacity)", "run", "cdc", "--capacity", "p99 < 5ms"},
                {"--capacity searches the open model's rate itself: drop --load open", "run", "writes", "--capacity", "p99 < 5ms", "--load", "open", "--rate", "5"},
                {"drop --rates", "run", "reads", "--capacity", "p99 < 5ms", "--rates", "100"},
                {"--capacity-start sets up a capacity search: it needs --capacity OBJECTIVE", "run", "writes", "--capacity-start", "5"},
                {"--capacity-precision must be between 0 and 50", "run", "workload", WorkloadIT.EXAMPLES.resolve("social-app.yaml").toString(), "--capacity", "p99 < 5ms",
                        "--capacity-precision", "0"},
                {"--capacity repeats its own boundary probes; drop --precision", "run", "writes", "--capacity", "p99 < 5ms", "--variant", "b:heap=1g",
                        "--precision", "5%"},
        };
        for (String[] c : cases) {
            CliErrorsTest.Outcome o = CliErrorsTest.cli(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertEquals(2, o.code(), String.join(" ", c) + ": " + o.failure());
            CliErrorsTest.assertCleanError(o, c[0]);
        }
    }

    /**
     * The known capacity lies inside the bracket, and the bracket is within ±10 % of its middle — unless the search stopped because its
     * runs disagreed inside it (the known capacity is a probe's rate here, where the objective holds only just: on a busy machine one
     * run keeps it and the other does not), which it must then say with the rates that disagreed, its bracket still holding the capacity.
     */
    private static boolean disagreed(Cell search) {
        return "runs_disagree".equals(search.component().get("stop"));
    }

    private static void assertBracket(Cell c, double served) {
        double low = c.values().get("capacity_low_per_s"), high = c.values().get("capacity_high_per_s");
        String what = c.variant() + ": " + c.component() + " " + c.values();
        assertTrue(low <= served * 1.02 && served <= high, what);
        if (disagreed(c)) {
            // as wide as the rates whose runs disagreed: a busy machine (seen beside two busy loops and a build) can break a probe at
            // half the capacity, so no width is asked, only that the search says which rates disagreed
            assertTrue(String.valueOf(c.component().get("why")).contains("runs disagree inside the bracket: the objective held only some of the time at"), what);
        } else {
            assertTrue((high - low) / ((high + low) / 2) <= 0.2 + 1e-9, what);
        }
    }
}
