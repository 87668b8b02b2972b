package io.graphperf.core.report;

import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Capacity searches in report.html: each search's capacity with its bracket, why it ended and what limited it; the curve people look at
 * (latency percentiles and the achieved rate against the offered rate, each probe a point with its validity); and, across engines or
 * variants, each capacity against the first's; with repeats, the brackets of every engine process's probes pooled.
 */
public final class CapacitySection {

    private CapacitySection() {
    }

    public static void render(Html h, RunResult run) {
        List<Cell> outcomes = run.cells().stream().filter(Cell::isCapacity).toList();
        if (outcomes.isEmpty()) return;
        Html.Table t = h.h2("Capacity", "id", "capacity").table("summary", "capacity", "cell", "variant", "objective", "capacity ops/s", "bracket",
                "search", "limited by", "probes", "against the first");
        for (Cell c : outcomes) {
            Cell first = outcomes.stream().filter(o -> o.dimensions().get(Cell.OBJECTIVE).equals(c.dimensions().get(Cell.OBJECTIVE))).findFirst().orElse(c);
            Map<String, Object> about = c.component();
            double cap = c.values().getOrDefault("capacity_per_s", Double.NaN);
            t.row(Html.Td.text(c.scenario() + " / " + c.transport()), Html.Td.text(c.variant() + (c.repeat() > 1 ? " #" + c.repeat() : "")),
                    Html.Td.text(String.valueOf(c.dimensions().get(Cell.OBJECTIVE))), Html.Td.num(Double.isFinite(cap) ? Format.rate(cap) : "–"),
                    Html.Td.text(String.valueOf(about.get("bracket"))), Html.Td.text(String.valueOf(about.get("why"))),
                    Html.Td.text(String.valueOf(about.get("limitedBy"))), Html.Td.num(Format.rate(c.values().getOrDefault("capacity_probes", 0.0))),
                    Html.Td.text(first == c ? "–" : ratio(first, c)));
        }
        t.end();
        h.note("The capacity is the highest open-model rate (operations sent at fixed intervals, latency from each one's intended start) at which"
                + " every objective held. Rates doubled from the start until a probe broke an objective or achieved less than 95 % of the rate offered;"
                + " the bracket was then bisected, and each end run again. The bracket is read from both sides: its lower end kept the objectives in"
                + " every run, as did every rate below it; its upper end broke them in every run, as did every rate above it; rates whose runs"
                + " disagreed lie inside it. The capacity shown lies inside the bracket, where a line through the probes' worst objective ratios"
                + " crosses 1. A bracket is one engine process's: --repeat gives one per process.");
        List<String> pooled = pooled(run);
        if (!pooled.isEmpty()) {
            h.box("capacity-pooled", "Over engine processes", pooled);
            h.note("A bracket is one engine process's. Here every repeat's probes are pooled by rate and the bracket read from both sides again:"
                    + " a rate one process kept and another broke lies inside it, so it holds the spread between processes that repeats inside"
                    + " one process do not show.");
        }
        comparisons(h, outcomes);
        for (Cell c : outcomes) curve(h, run, c);
    }

    /**
     * For each cell, variant and objective searched in more than one engine process (repeats): every process's probes pooled by rate and
     * the bracket read from both sides ({@link CapacitySearch#bracket}), with the rates the processes disagree on. Empty without repeats.
     */
    public static List<String> pooled(RunResult run) {
        Map<String, NavigableMap<Double, List<Boolean>>> byCell = new TreeMap<>();
        Map<String, Set<Integer>> processes = new TreeMap<>();
        for (Cell c : run.cells()) {
            if (c.isCapacity() || !c.dimensions().containsKey(Cell.PROBE)) continue;
            String key = c.scenario() + " / " + c.transport() + " [" + c.variant() + "], " + c.dimensions().get(Cell.OBJECTIVE);
            byCell.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(c.offeredPerSecond(), r -> new ArrayList<>())
                    .add(Boolean.TRUE.equals(c.dimensions().get(Cell.KEPT)));
            processes.computeIfAbsent(key, k -> new TreeSet<>()).add(c.repeat());
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, NavigableMap<Double, List<Boolean>>> e : byCell.entrySet()) {
            int n = processes.get(e.getKey()).size();
            if (n < 2) continue;
            double[] b = CapacitySearch.bracket(e.getValue());
            String inside = CapacitySearch.disagreeing(e.getValue(), b[0], b[1]);
            lines.add(e.getKey() + ": over " + n + " engine processes " + CapacitySearch.bracketText(b[0], b[1])
                    + (inside.startsWith("no rate") ? "" : "; they disagree at " + inside));
        }
        return lines;
    }

    /** Each capacity against the first one's, for the same cell and objective: disjoint brackets differ, overlapping ones cannot be told apart. */
    private static void comparisons(Html h, List<Cell> outcomes) {
        Map<String, List<Cell>> byCell = new TreeMap<>();
        for (Cell c : outcomes) byCell.computeIfAbsent(c.scenario() + " / " + c.transport() + " · " + c.dimensions().get(Cell.OBJECTIVE), k -> new ArrayList<>()).add(c);
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, List<Cell>> e : byCell.entrySet()) {
            List<Cell> cs = e.getValue();
            if (cs.stream().map(Cell::variant).distinct().count() < 2) continue;
            Cell ref = cs.get(0);
            for (Cell c : cs.subList(1, cs.size())) {
                if (c.variant().equals(ref.variant())) continue;
                lines.add(e.getKey() + ": " + verdict(ref, c));
            }
        }
        if (!lines.isEmpty()) h.box("capacity-verdicts", "Capacities compared", lines);
    }

    /** The ratio of {@code b}'s capacity to {@code a}'s, with the range its brackets allow. */
    public static String ratio(Cell a, Cell b) {
        double ca = a.values().getOrDefault("capacity_per_s", Double.NaN), cb = b.values().getOrDefault("capacity_per_s", Double.NaN);
        double la = a.values().getOrDefault("capacity_low_per_s", Double.NaN), ha = a.values().getOrDefault("capacity_high_per_s", Double.NaN);
        double lb = b.values().getOrDefault("capacity_low_per_s", Double.NaN), hb = b.values().getOrDefault("capacity_high_per_s", Double.NaN);
        if (!(Double.isFinite(ca) && Double.isFinite(cb))) return "–";
        return String.format(Locale.ROOT, "× %.2f (%.2f … %.2f from the brackets)", cb / ca, lb / ha, hb / la);
    }

    /** "B serves X/s, A Y/s: higher (ratio R, brackets disjoint)" or why they cannot be told apart. */
    public static String verdict(Cell a, Cell b) {
        double ca = a.values().getOrDefault("capacity_per_s", Double.NaN), cb = b.values().getOrDefault("capacity_per_s", Double.NaN);
        double la = a.values().getOrDefault("capacity_low_per_s", Double.NaN), ha = a.values().getOrDefault("capacity_high_per_s", Double.NaN);
        double lb = b.values().getOrDefault("capacity_low_per_s", Double.NaN), hb = b.values().getOrDefault("capacity_high_per_s", Double.NaN);
        String head = String.format(Locale.ROOT, "%s %s ops/s (%s), %s %s ops/s (%s)", b.variant(), Double.isFinite(cb) ? Format.rate(cb) : "–",
                b.component().get("bracket"), a.variant(), Double.isFinite(ca) ? Format.rate(ca) : "–", a.component().get("bracket"));
        if (!(Double.isFinite(ca) && Double.isFinite(cb))) return head + ": not compared (a search found no capacity)";
        String ratio = "ratio " + ratio(a, b).substring(2);
        if (lb >= ha) return head + ": HIGHER, " + ratio + "; the brackets do not overlap";
        if (hb <= la) return head + ": LOWER, " + ratio + "; the brackets do not overlap";
        return head + ": not told apart at this precision, " + ratio + "; the brackets overlap (a smaller --capacity-precision narrows them)";
    }

    /** The hockey stick: p50, p99 and p99.9 against the offered rate, and the achieved rate, from the search's probes. */
    private static void curve(Html h, RunResult run, Cell outcome) {
        Object objective = outcome.dimensions().get(Cell.OBJECTIVE);
        List<Cell> probes = run.cells().stream().filter(c -> c.measurement() != null && objective.equals(c.dimensions().get(Cell.OBJECTIVE))
                        && c.dimensions().containsKey(Cell.PROBE) && c.variant().equals(outcome.variant()) && c.repeat() == outcome.repeat()
                        && c.scenario().equals(outcome.scenario()) && c.transport().equals(outcome.transport()))
                .sorted(Comparator.comparingDouble(Cell::offeredPerSecond)).toList();
        if (probes.isEmpty()) return;
        String title = outcome.scenario() + " / " + outcome.transport() + " (" + outcome.variant() + "): " + objective;
        List<Double> x = new ArrayList<>();
        List<Double> p50 = new ArrayList<>(), p99 = new ArrayList<>(), p999 = new ArrayList<>(), achieved = new ArrayList<>(), offered = new ArrayList<>();
        for (Cell c : probes) {
            x.add(c.offeredPerSecond());
            p50.add(c.measurement().latencies().all().p50Ms());
            p99.add(c.measurement().latencies().all().p99Ms());
            p999.add(c.measurement().latencies().all().p999Ms());
            achieved.add(c.measurement().throughput().opsPerSecond());
            offered.add(c.offeredPerSecond());
        }
        h.h3("Capacity curve: " + title);
        h.raw(Charts.lines("capacity-latency", "latency against the offered rate", "offered ops/s", "ms (log)", false, true, x,
                List.of(new Charts.Series("p50", p50, false), new Charts.Series("p99", p99, false), new Charts.Series("p99.9", p999, true))));
        h.raw(Charts.lines("capacity-achieved", "achieved against offered", "offered ops/s", "ops/s", false, false, x,
                List.of(new Charts.Series("achieved", achieved, false), new Charts.Series("offered", offered, true))));
        Html.Table t = h.table("summary sortable", "capacity-probes", "probe", "offered ops/s", "achieved ops/s", "p50 ms", "p99 ms", "p99.9 ms", "errors",
                "late", "validity", "objective");
        for (Cell c : probes) {
            var m = c.measurement();
            t.row(Html.Td.num(String.valueOf(c.dimensions().get(Cell.PROBE))), Html.Td.num(Format.rate(c.offeredPerSecond())),
                    Html.Td.num(Format.rate(m.throughput().opsPerSecond())), Html.Td.num(Format.ms(m.latencies().all().p50Ms())),
                    Html.Td.num(Format.ms(m.latencies().all().p99Ms())), Html.Td.num(Format.ms(m.latencies().all().p999Ms())),
                    Html.Td.num(Long.toString(m.outcomes().errors())), Html.Td.num(String.format(Locale.ROOT, "%.1f %%", 100 * m.outcomes().lateShare())),
                    Html.Td.text(c.validity().label()).cls(c.validity().flagged() ? "flag" : ""),
                    Boolean.TRUE.equals(c.dimensions().get(Cell.KEPT)) ? Html.Td.text("kept").cls("pass") : Html.Td.text("broken").cls("fail"));
        }
        t.end();
    }
}
