package io.graphperf.workloads.agents;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.MeasurementMerge;
import io.graphperf.core.measure.Resources;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.results.AgentShare;
import io.graphperf.core.results.Cell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The agents' results of a cell as one measurement (the coordinator after each cell, and {@code graphperf merge} afterwards from
 * the folder alone): their interval histograms added bucket by bucket from the window's start ({@link MeasurementMerge}), and
 * each agent's part.
 */
public final class AgentsMerge {

    /** The cells merged from a folder, and what made the run invalid (agents missing or failed: named). */
    public record Merged(String experiment, int agents, List<Cell> cells, List<String> failures, List<String> warnings) {
    }

    private AgentsMerge() {
    }

    /** One cell's merged measurement from its request and every agent's result. */
    static Measurement measurement(Rendezvous rv, Rendezvous.Request r, long start, List<Rendezvous.Result> results, Resources resources,
                                   String logName) throws Exception {
        RunPlan plan = r.plan().runPlan();
        List<MeasurementMerge.Agent> parts = parts(rv, r, results);
        return MeasurementMerge.of(parts, r.plan().intervalMillis() / 1000.0, windowStart(r, start), plan.criterion(), plan.executor().signal(),
                plan.executor().describe() + "; its schedule split over " + results.size() + " agents", resources, logName);
    }

    static List<MeasurementMerge.Agent> parts(Rendezvous rv, Rendezvous.Request r, List<Rendezvous.Result> results) {
        List<MeasurementMerge.Agent> parts = new ArrayList<>();
        for (Rendezvous.Result x : results) parts.add(new MeasurementMerge.Agent("agent " + x.agent(), x.measured().measured(), rv.log(r.cell(), x.agent())));
        return parts;
    }

    /** The window's start on the coordinator's clock: the common start plus the fixed warm-up. */
    static long windowStart(Rendezvous.Request r, long start) {
        return start + r.plan().warmupMillis();
    }

    /** The agents' CPU added (they may run on other machines: the engine's is not known from their results). */
    static Resources agentsOnly(List<Rendezvous.Result> results) {
        double cores = 0;
        boolean bound = false;
        for (Rendezvous.Result x : results) {
            Resources res = x.measured().measurement().resources();
            if (res == null) continue;
            cores += res.harnessCores();
            bound |= res.clientBound();
        }
        return new Resources(cores, Double.NaN, Double.NaN, 0, Double.NaN, 0, bound);
    }

    static List<AgentShare> shares(List<Rendezvous.Result> results, List<Rendezvous.Joined> joined, Measurement merged) {
        List<AgentShare> out = new ArrayList<>();
        for (Rendezvous.Result x : results) {
            Measurement m = x.measured().measurement();
            Rendezvous.Joined j = joined.get(x.agent());
            Resources res = m.resources();
            long ops = m.throughput().ops(), all = merged.throughput().ops();
            out.add(new AgentShare(x.agent(), x.host(), x.pid(), new AgentShare.Work(ops, all == 0 ? Double.NaN : (double) ops / all,
                    m.loadModel().offeredPerSecond(), m.throughput().opsPerSecond(), m.outcomes().lateShare(), m.outcomes().errors()),
                    new AgentShare.Client(res == null ? Double.NaN : res.harnessCores(), res != null && res.clientBound(),
                            j == null ? Double.NaN : j.clockOffsetMs(), j == null ? Double.NaN : j.clockErrorMs())));
        }
        return out;
    }

    /**
     * Every cell of an agents' folder merged again from the files alone ({@code graphperf merge}). {@code dirs} are the folder, or
     * several folders each holding part of it (e.g. each agent's copy from an object store): a file is taken from the first that has it.
     */
    public static Merged folder(List<Path> dirs, Path histograms) throws Exception {
        Path root = union(dirs, histograms.resolveSibling("agents-union"));
        Rendezvous rv = new Rendezvous(root);
        if (!Files.isRegularFile(rv.coordinator())) throw new UserError("no coordinator.json in " + dirs + ": not a load agents' folder (graphperf run writes --agents)");
        Rendezvous.Coordinator co = Rendezvous.read(rv.coordinator(), Rendezvous.Coordinator.class);
        List<String> failures = new ArrayList<>(), warnings = new ArrayList<>();
        List<Rendezvous.Joined> joined = new ArrayList<>();
        for (int i = 0; i < co.agents(); i++) {
            if (Files.isRegularFile(rv.joined(i))) joined.add(Rendezvous.read(rv.joined(i), Rendezvous.Joined.class));
            else {
                joined.add(null);
                failures.add("agent " + i + " of " + co.agents() + " never joined");
            }
        }
        if (rv.aborted() != null) failures.add("the coordinator aborted the run: " + rv.aborted());
        List<Cell> cells = new ArrayList<>();
        Files.createDirectories(histograms);
        for (int cell = 1; Files.isRegularFile(rv.request(cell)); cell++) {
            Rendezvous.Request r = Rendezvous.read(rv.request(cell), Rendezvous.Request.class);
            String label = "cell " + cell + " (" + r.scenario() + " over " + r.transport() + ")";
            List<Rendezvous.Result> results = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            if (!Files.isRegularFile(rv.start(cell))) {
                failures.add(label + " never started: not every agent got ready for it");
                continue;
            }
            long start = Rendezvous.read(rv.start(cell), Rendezvous.Start.class).startMillis();
            for (int i = 0; i < co.agents(); i++) {
                if (!Files.isRegularFile(rv.result(cell, i))) {
                    problems.add("agent " + i + " delivered no result");
                    continue;
                }
                Rendezvous.Result x = Rendezvous.read(rv.result(cell, i), Rendezvous.Result.class);
                if (x.failure() != null) problems.add("agent " + i + " failed: " + x.failure());
                else if (!Files.isRegularFile(rv.log(cell, i))) problems.add("agent " + i + "'s interval log " + rv.log(cell, i) + " is missing");
                else results.add(x);
            }
            if (!problems.isEmpty()) {
                failures.add(label + " is invalid: " + String.join("; ", problems));
                continue;
            }
            String log = r.details().getOrDefault(Coordinator.LOG, r.scenario() + "-" + r.transport() + ".hlog");
            Measurement m = measurement(rv, r, start, results, agentsOnly(results), log);
            MeasurementMerge.writeLog(parts(rv, r, results), histograms.resolve(log), r.plan().intervalMillis(), windowStart(r, start));
            cells.add(AgentScenarios.cell(r).measurement(m).agents(shares(results, joined, m)).value("agents", co.agents()).build());
        }
        if (cells.isEmpty() && failures.isEmpty()) failures.add("no cell was requested in " + root);
        warnings.add("merged from the agents' files by graphperf merge: the engine's CPU and the database's contents are not in them (the coordinator"
                + " measured and checked those after each cell, in its own results folder)");
        return new Merged(co.experiment(), co.agents(), cells, failures, warnings);
    }

    /** One folder holding every file of {@code dirs} (links to them): the first folder that has a file gives it. */
    private static Path union(List<Path> dirs, Path into) throws Exception {
        for (Path d : dirs) if (!Files.isDirectory(d)) throw new UserError("agents' folder " + d + " does not exist");
        if (dirs.size() == 1) return dirs.get(0);
        for (Path d : dirs) {
            try (var files = Files.walk(d)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                    Path to = into.resolve(d.relativize(f).toString());
                    if (Files.exists(to)) continue;
                    Files.createDirectories(to.getParent());
                    Files.createSymbolicLink(to, f.toAbsolutePath());
                }
            }
        }
        return into;
    }
}
