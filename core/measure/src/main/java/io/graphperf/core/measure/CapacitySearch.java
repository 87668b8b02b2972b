package io.graphperf.core.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The highest open-model rate at which a cell keeps its objectives (its capacity), searched with real cells: rates rise geometrically from
 * a start until a probe breaks an objective or no longer achieves the rate it was offered (the knee is bracketed), then the bracket is
 * bisected, a probe a rate. Once it is narrow enough its two ends are run again until each has been run {@code repeats} times — a single
 * lucky probe never sets the capacity.
 * <p>
 * A rate is <em>kept</em> when every run at it kept the objectives, <em>broken</em> when every run broke them, <em>mixed</em> otherwise.
 * Near a knee a figure such as p99 is noisy from window to window, and the same rate may keep the objective in one run and break it in
 * the next, or a lower rate break it where a higher one kept it. The bracket is therefore read from both sides: its lower end is the
 * highest kept rate below which every rate run was kept, its upper end the lowest broken rate above which every rate run was broken.
 * Whatever disagreed lies inside it, so the bracket never claims more than the runs showed (a capacity read from the highest kept rate
 * alone would move from run to run with the noise). The search ends when the bracket is within ± the precision of its middle, when
 * the budget or the probe limit runs out, or when only rates that disagree are left inside it (the boundary is fuzzier than the precision
 * asked); it says which. The capacity is the bracket ([low, high]) and a point inside it where a line fitted to every probe's worst
 * objective ratio over the bracket's rates crosses 1.
 */
public final class CapacitySearch {

    /** Runs one cell in the open model at a rate and returns what it measured. */
    @FunctionalInterface
    public interface Probe {
        Measurement at(Open load) throws Exception;
    }

    /** Hears each probe as it is judged ({@code n}: its number, from 1). */
    @FunctionalInterface
    public interface Listener {
        void probed(Point point, int n) throws Exception;
    }

    /**
     * @param objectives    upper bounds on figures that grow with load (e.g. {@code p99 < 50ms}, {@code errors < 1%}, {@code late < 5%})
     * @param start         the first rate
     * @param growth        the factor rates rise (or fall) by while bracketing
     * @param precision     the bracket's half-width relative to its middle at which the search ends (0.05: ±5 %)
     * @param repeats       runs at each end of the bracket
     * @param budgetSeconds the search's wall-clock budget (no new probe starts after it); 0: none
     * @param maxProbes     probes at most
     * @param achievedShare the share of the offered rate a probe must achieve to keep its objectives (of the rate its schedule put in
     *                      the window: with Poisson arrivals a draw around the offered rate)
     * @param arrivals      how the probes' arrivals are spaced: fixed intervals or Poisson
     * @param seed          the seed of Poisson arrivals, the same draws at every rate
     */
    public record Settings(List<Objective> objectives, double start, double growth, double precision, int repeats, double budgetSeconds,
                           int maxProbes, double achievedShare, Open.Arrivals arrivals, long seed) {
        public Settings {
            if (arrivals == null) arrivals = Open.Arrivals.FIXED;
            objectives = List.copyOf(objectives);
            if (objectives.isEmpty()) throw new IllegalArgumentException("a capacity search needs an objective");
            for (Objective o : objectives) {
                if (!o.upperBoundOnLoad()) {
                    throw new IllegalArgumentException("objective '" + o.text() + "' is not an upper bound on a figure that grows with load"
                            + " (a latency, errors, dropped or late, with < or <=)");
                }
            }
            if (!(start > 0)) throw new IllegalArgumentException("the start rate must be positive, got " + start);
            if (!(growth > 1)) throw new IllegalArgumentException("the growth factor must be above 1, got " + growth);
            if (!(precision > 0 && precision < 1)) throw new IllegalArgumentException("the precision must be between 0 and 100 %, got " + precision * 100 + " %");
            if (repeats < 1) throw new IllegalArgumentException("repeats must be at least 1, got " + repeats);
            if (budgetSeconds < 0) throw new IllegalArgumentException("the budget must not be negative");
            if (maxProbes < 2) throw new IllegalArgumentException("a search needs at least 2 probes");
        }

        public static Settings of(List<Objective> objectives, double start) {
            return new Settings(objectives, start, 2, 0.05, 3, 0, 40, 0.95, Open.Arrivals.FIXED, 0);
        }

        public Settings withPrecision(double p) {
            return new Settings(objectives, start, growth, p, repeats, budgetSeconds, maxProbes, achievedShare, arrivals, seed);
        }

        public Settings withRepeats(int r) {
            return new Settings(objectives, start, growth, precision, r, budgetSeconds, maxProbes, achievedShare, arrivals, seed);
        }

        public Settings withBudget(double seconds) {
            return new Settings(objectives, start, growth, precision, repeats, seconds, maxProbes, achievedShare, arrivals, seed);
        }

        /** Probes whose arrivals are spaced so (fixed intervals or Poisson, from {@code seed}). */
        public Settings withArrivals(Open.Arrivals a, long seed) {
            return new Settings(objectives, start, growth, precision, repeats, budgetSeconds, maxProbes, achievedShare, a, seed);
        }

        public Settings withMaxProbes(int n) {
            return new Settings(objectives, start, growth, precision, repeats, budgetSeconds, n, achievedShare, arrivals, seed);
        }
    }

    /**
     * One probe: the rate offered, what was achieved, whether it kept every objective, and if not which broke.
     *
     * @param ratio the worst objective's figure over its bound (above 1 breaks it), or offered over achieved when that is worse
     */
    public record Point(double offered, double achieved, boolean kept, List<String> broken, double ratio, Measurement measurement) {
    }

    /** Why the search ended. */
    public enum Stop {
        /** the bracket is within ± the precision */
        PRECISION,
        /** the budget ran out */
        BUDGET,
        /** the probe limit was reached */
        PROBES,
        /** even the lowest rate tried broke an objective */
        FLOOR,
        /** only rates whose runs disagree are left inside the bracket: the boundary is fuzzier than the precision asked */
        RUNS_DISAGREE
    }

    /**
     * The outcome: the capacity as a point and a bracket.
     *
     * @param capacity the interpolated capacity (NaN when no rate kept the objectives, or none broke them)
     * @param low      the highest rate that kept the objectives in all its runs, every rate below it too (0 when none did)
     * @param high     the lowest rate that broke them in all its runs, every rate above it too (+∞ when none did)
     */
    public record Result(double capacity, double low, double high, Stop stop, String why, List<Point> probes) {

        /** "between A and B ops/s" or what is known instead. */
        public String bracketText() {
            return CapacitySearch.bracketText(low, high);
        }
    }

    /** A probe run and judged at a rate (package-private: tests script the verdicts). */
    @FunctionalInterface
    interface Trial {
        Point at(double rate) throws Exception;
    }

    private final Settings settings;
    private final Trial trial;
    private final Listener listener;
    private final TreeMap<Double, List<Point>> runs = new TreeMap<>();
    private final List<Point> probes = new ArrayList<>();
    private final long started = System.nanoTime();

    /** @param clients the client threads that send each probe's schedule, its arrivals spaced as the settings say */
    public CapacitySearch(Settings settings, int clients, Probe probe, Listener listener) {
        this(settings, new Open(1, clients, settings.arrivals(), settings.seed()), probe, listener);
    }

    /** @param schedule each probe's schedule but its rate: its client threads and how its arrivals are spaced */
    public CapacitySearch(Settings settings, Open schedule, Probe probe, Listener listener) {
        this(spaced(settings, schedule), judged(spaced(settings, schedule), schedule, probe), listener);
    }

    /** The settings with the schedule's arrivals (what a probe's achieved rate is judged against depends on them). */
    private static Settings spaced(Settings settings, Open schedule) {
        return settings.withArrivals(schedule.arrivals(), schedule.seed());
    }

    /** Each probe the schedule at the probe's rate, judged by the settings. */
    private static Trial judged(Settings settings, Open schedule, Probe probe) {
        return rate -> judge(rate, probe.at(schedule.atRate(rate)), settings);
    }

    CapacitySearch(Settings settings, Trial trial, Listener listener) {
        this.settings = settings;
        this.trial = trial;
        this.listener = listener;
    }

    /** "between A and B ops/s", or what is known instead when no rate kept the objectives or none broke them. */
    public static String bracketText(double low, double high) {
        if (low <= 0) return String.format(Locale.ROOT, "below %.4g ops/s", high);
        if (Double.isInfinite(high)) return String.format(Locale.ROOT, "at least %.4g ops/s", low);
        return String.format(Locale.ROOT, "between %.4g and %.4g ops/s", low, high);
    }

    /**
     * The bracket [low, high] read from both sides of runs by rate, each run kept (true) or broken: low is the highest rate kept in all its
     * runs with every rate below it kept in all of them (0 when none), high the lowest rate broken in all its runs with every rate above it
     * broken in all of them (+∞ when none). The search's own rule, and the one that pools several engine processes' probes.
     */
    public static double[] bracket(NavigableMap<Double, List<Boolean>> keptByRate) {
        double low = 0, high = Double.POSITIVE_INFINITY;
        for (Map.Entry<Double, List<Boolean>> e : keptByRate.entrySet()) {
            if (!e.getValue().stream().allMatch(k -> k)) break;
            low = e.getKey();
        }
        for (Map.Entry<Double, List<Boolean>> e : keptByRate.descendingMap().entrySet()) {
            if (e.getKey() <= low || e.getValue().stream().anyMatch(k -> k)) break;
            high = e.getKey();
        }
        return new double[] {low, high};
    }

    /** The rates strictly inside [low, high] and how many of their runs kept the objectives: "300 ops/s (1 of 3 kept), …". */
    public static String disagreeing(NavigableMap<Double, List<Boolean>> keptByRate, double low, double high) {
        List<String> rates = new ArrayList<>();
        for (Map.Entry<Double, List<Boolean>> e : keptByRate.subMap(low, false, high, false).entrySet()) {
            long kept = e.getValue().stream().filter(k -> k).count();
            rates.add(String.format(Locale.ROOT, "%.4g ops/s (%d of %d kept)", e.getKey(), kept, e.getValue().size()));
        }
        return rates.isEmpty() ? "no rate inside it" : String.join(", ", rates);
    }

    /** A probe's outcome against the objectives. */
    public static Point judge(double offered, Measurement m, Settings s) {
        List<String> broken = new ArrayList<>();
        double worst = 0;
        for (Objective o : s.objectives()) {
            double v = o.of(m);
            if (Double.isNaN(v)) {
                broken.add(o.text() + ": no operation measured");
                worst = Double.POSITIVE_INFINITY;
                continue;
            }
            double ratio = o.bound() > 0 ? v / o.bound() : v > 0 ? Double.POSITIVE_INFINITY : 0;
            worst = Math.max(worst, ratio);
            if (!o.keeps(v)) broken.add(o.figure() + (o.operation() == null ? "" : " of " + o.operation()) + " " + o.show(v) + " (objective " + o.text() + ")");
        }
        // what the schedule put in the window: the offered rate itself at fixed intervals (a window's count is that ± a slot at its ends),
        // a draw around it with Poisson arrivals (a 1 s window at 40/s holds 40 ± 6)
        double achieved = m.throughput().opsPerSecond(), window = m.throughput().windowSeconds();
        double scheduled = s.arrivals() == Open.Arrivals.POISSON && window > 0 && m.outcomes().scheduled() > 0 ? m.outcomes().scheduled() / window : offered;
        if (achieved < s.achievedShare() * scheduled) {
            broken.add(String.format(Locale.ROOT, "achieved %.4g of %.4g ops/s offered", achieved, scheduled));
            worst = Math.max(worst, scheduled * s.achievedShare() / Math.max(achieved, 1e-9));
        }
        return new Point(offered, achieved, broken.isEmpty(), List.copyOf(broken), worst, m);
    }

    /** Runs the search. */
    public Result run() throws Exception {
        // bracket the knee
        double rate = settings.start();
        Point p = probe(rate);
        if (p == null) return result(Stop.BUDGET);
        if (p.kept()) {
            while (p.kept()) {
                rate *= settings.growth();
                if ((p = probe(rate)) == null) return result(stopped());
            }
        } else {
            double floor = floor();
            while (!p.kept()) {
                rate /= settings.growth();
                if (rate < floor) return result(Stop.FLOOR);
                if ((p = probe(rate)) == null) return result(stopped());
            }
        }
        // refine: bisect the bracket's edge gaps one probe at a time, then run its ends again (an end that disagrees moves the bracket)
        while (true) {
            double[] b = bracket(kept());
            double low = b[0], high = b[1];
            if (low <= 0) {
                double below = runs.firstKey() / settings.growth();
                if (below < floor()) return result(Stop.FLOOR);
                if (probe(below) == null) return result(stopped());
                continue;
            }
            if (Double.isInfinite(high)) {
                if (probe(runs.lastKey() * settings.growth()) == null) return result(stopped());
                continue;
            }
            double next = edgeGap(low, high);
            if (Double.isNaN(next) && runs.get(low).size() < settings.repeats()) next = low;
            if (Double.isNaN(next) && runs.get(high).size() < settings.repeats()) next = high;
            if (Double.isNaN(next)) return result(width(low, high) <= 2 * settings.precision() ? Stop.PRECISION : Stop.RUNS_DISAGREE);
            if (probe(next) == null) return result(stopped());
        }
    }

    /** The lowest rate tried: the start divided by the growth five times (1/32 of it by default). */
    private double floor() {
        return settings.start() / Math.pow(settings.growth(), 5) * 0.999;
    }

    private Stop stopped() {
        return probes.size() >= settings.maxProbes() ? Stop.PROBES : Stop.BUDGET;
    }

    /** Runs one probe; null when the budget or the probe limit allows none. */
    private Point probe(double rate) throws Exception {
        if (probes.size() >= settings.maxProbes()) return null;
        if (settings.budgetSeconds() > 0 && (System.nanoTime() - started) / 1e9 >= settings.budgetSeconds()) return null;
        Point p = trial.at(rate);
        probes.add(p);
        runs.computeIfAbsent(rate, r -> new ArrayList<>()).add(p);
        if (listener != null) listener.probed(p, probes.size());
        return p;
    }

    /** Each rate run, with whether each of its runs kept the objectives. */
    private NavigableMap<Double, List<Boolean>> kept() {
        NavigableMap<Double, List<Boolean>> out = new TreeMap<>();
        runs.forEach((rate, points) -> out.put(rate, points.stream().map(Point::kept).toList()));
        return out;
    }

    /** The lowest rate run above {@code low} that was not kept in all its runs. */
    private double firstNotKept(double low) {
        Double r = runs.higherKey(low);
        return r == null ? Double.POSITIVE_INFINITY : r;
    }

    /** The highest rate run below {@code high} that was not broken in all its runs. */
    private double lastNotBroken(double high) {
        Double r = runs.lowerKey(high);
        return r == null ? 0 : r;
    }

    private static double width(double low, double high) {
        return (high - low) / ((high + low) / 2);
    }

    /**
     * Where to probe next inside the bracket: the middle of the wider of its two edge gaps — from the lower end to the first rate above it
     * that was not kept, and from the last rate below the upper end that was not broken to it — when wider than the precision allows; NaN
     * when neither is (what is left inside the bracket are rates whose runs disagree). Without disagreement both gaps are the bracket.
     */
    private double edgeGap(double low, double high) {
        double a = firstNotKept(low), b = lastNotBroken(high);
        double lower = width(low, a), upper = width(b, high), limit = 2 * settings.precision();
        if (lower <= limit && upper <= limit) return Double.NaN;
        return lower >= upper ? (low + a) / 2 : (b + high) / 2;
    }

    private Result result(Stop stop) {
        double[] b = bracket(kept());
        double low = b[0], high = b[1];
        double capacity = low > 0 && Double.isFinite(high) ? crossing(low, high) : Double.NaN;
        String why = switch (stop) {
            case PRECISION -> String.format(Locale.ROOT, "bracketed within ±%.3g %%", settings.precision() * 100);
            case BUDGET -> String.format(Locale.ROOT, "the budget of %.0f s ran out after %d probes%s", settings.budgetSeconds(), probes.size(), ends(low, high));
            case PROBES -> "the limit of " + settings.maxProbes() + " probes was reached" + ends(low, high);
            case FLOOR -> String.format(Locale.ROOT, "even %.4g ops/s broke an objective", runs.isEmpty() ? settings.start() : runs.firstKey());
            case RUNS_DISAGREE -> "runs disagree inside the bracket: the objective held only some of the time at " + disagreeing(kept(), low, high);
        };
        return new Result(capacity, low, high, stop, why, List.copyOf(probes));
    }

    /** How often the bracket's ends were run, when fewer than the repeats asked: ", its ends run 1 and 3 times of 3". */
    private String ends(double low, double high) {
        int l = low > 0 ? runs.get(low).size() : 0, h = Double.isFinite(high) ? runs.get(high).size() : 0;
        if (l >= settings.repeats() && h >= settings.repeats()) return "";
        return String.format(Locale.ROOT, ", its ends run %d and %d times of %d: not yet confirmed", l, h, settings.repeats());
    }

    /**
     * Where a least-squares line through every probe's worst objective ratio (capped at 4, so one collapsed probe does not tilt it) over
     * the rates in [low, high] crosses 1, kept inside the bracket; its middle when the line does not rise.
     */
    private double crossing(double low, double high) {
        double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (List<Point> at : runs.subMap(low, true, high, true).values()) {
            for (Point p : at) {
                double y = Math.min(4, p.ratio());
                if (Double.isNaN(y)) continue;
                n++;
                sx += p.offered();
                sy += y;
                sxx += p.offered() * p.offered();
                sxy += p.offered() * y;
            }
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        if (!(slope > 0)) return (low + high) / 2;
        double intercept = (sy - slope * sx) / n;
        return Math.min(high, Math.max(low, (1 - intercept) / slope));
    }

    /**
     * What limited the capacity, from the probes at the bracket's upper end: errors, the rate not achieved, the harness's CPU, the
     * engine's CPU, or latency rising with CPU to spare (queueing on a lock, the disk or the network).
     */
    public static String limitedBy(Result r) {
        List<Point> above = r.probes().stream().filter(p -> p.offered() == r.high()).toList();
        if (above.isEmpty()) return "not known (nothing broke the objectives)";
        Point p = above.get(0);
        if (r.low() <= 0) return "not load: even the lowest rate tried broke it (" + String.join("; ", p.broken()) + ")";
        Measurement m = p.measurement();
        Resources res = m.resources();
        if (m.outcomes().errors() > 0 && p.broken().stream().anyMatch(b -> b.startsWith("errors"))) {
            return "errors: " + (m.outcomes().errorSamples().isEmpty() ? m.outcomes().errors() + " failed" : m.outcomes().errorSamples().get(0));
        }
        String cpu = res == null ? "" : String.format(Locale.ROOT, " (engine %.2f, harness %.2f of %d cores)", res.serverCores(), res.harnessCores(), res.cores());
        if (res != null && res.clientBound()) {
            return "the CPU, the harness's share of it among the rest" + cpu + ": load agents on other machines would leave the engine more";
        }
        if (res != null && !Double.isNaN(res.serverCores()) && res.serverCores() >= 0.8 * res.cores()) return "the engine's CPU" + cpu;
        if (res != null && res.machineBusy() >= 0.9) return "the machine's CPU" + cpu;
        return "latency rose with CPU to spare" + cpu + ": queueing on the engine's threads, a lock, the disk or the network";
    }
}
