package io.graphperf.core.measure;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The capacity search against queues whose answer is known. The open model sends slot k at k / rate (fixed intervals, as graphperf's
 * open model does) to c client threads, each the next free one: a c-server FIFO queue. The stand-in engine serves slot k for a service
 * time s(k) — fixed, or drawn from an exponential distribution by k — on c servers, each server's next service starting when it is free
 * or when the slot arrives, whichever is later (so a thread woken late by a busy machine delays one reply, never the servers' schedule).
 * An exact simulation of that queue over the same warm-up and window gives the p99 at each rate, hence the highest rate whose p99 keeps
 * the objective: the capacity the search must find, inside its own bracket (a busy machine may break a probe up to 5 % below it) and within ±5 %. Service times of milliseconds keep a busy
 * machine's wake-up delays (tens of microseconds) far below the objective's slope.
 */
class CapacitySearchTest {

    static final Duration WARMUP = Duration.ofMillis(200), WINDOW = Duration.ofMillis(800);
    /** How far below the known capacity a busy machine's delays may break a probe. */
    static final double BUSY_SLACK = 0.05;

    @Test
    void findsTheCapacityOfFixedServiceTimesOnTwoServers() throws Exception {
        // D/D/2, 10 ms a request: 200/s served; above it the queue grows through the window, so p99 < 25 ms breaks just above 200/s
        checkAgainstTheQueue(2, k -> 10_000_000L, 25, 100);
    }

    @Test
    void findsTheCapacityOfExponentialServiceTimesOnFourServers() throws Exception {
        // D/M/4, 8 ms a request on average: 500/s served; the mean latency, from the intended start, passes 12 ms near 425/s, while each
        // request's own service time stays 8 ms on average: a search that ignored the wait for a server would find the servers' 500/s
        checkAgainstTheQueue(4, exponential(8_000_000, 7), "mean < 12ms", 200);
    }

    @Test
    void findsTheCapacityOfPoissonArrivalsOnTwoServers() throws Exception {
        // M/D/2, 10 ms a request, Poisson arrivals of seed 11: each probe's arrivals are the same draws, closer together as the rate
        // rises, so the exact simulation of those very instants gives the capacity for a mean under 13 ms (Pollaczek–Khinchine's M/D/1
        // mean, 10 ms + ρ·10 ms / 2(1 − ρ), gives the scale: 13 ms near ρ = 0.375 a server on one, more on two)
        checkAgainstTheQueue(new Open(1, 2, Open.Arrivals.POISSON, 11), k -> 10_000_000L, "mean < 13ms", 50);
    }

    private static void checkAgainstTheQueue(int servers, LongUnaryOperator service, double p99Ms, double start) throws Exception {
        checkAgainstTheQueue(servers, service, "p99 < " + p99Ms + "ms", start);
    }

    private static void checkAgainstTheQueue(int servers, LongUnaryOperator service, String bound, double start) throws Exception {
        checkAgainstTheQueue(new Open(1, servers), service, bound, start);
    }

    /** @param schedule the probes' schedule but its rate: one client thread a server, and how arrivals are spaced */
    private static void checkAgainstTheQueue(Open schedule, LongUnaryOperator service, String bound, double start) throws Exception {
        Objective objective = Objective.parse(bound, List.of(), "objective", "test");
        double known = simulatedCapacity(schedule, service, objective);
        CapacitySearch.Settings settings = CapacitySearch.Settings.of(List.of(objective), start).withRepeats(2);
        CapacitySearch.Result r = new CapacitySearch(settings, schedule, load -> probe(load, service), null).run();
        String what = String.format("known %.1f/s; found %.1f/s %s (%s) after %d probes: %s", known, r.capacity(), r.bracketText(), r.why(),
                r.probes().size(), r.probes().stream().map(p -> String.format("%.1f→p99 %.1f ms%s", p.offered(),
                        p.measurement().latencies().all().p99Ms(), p.kept() ? "" : " ✗" + p.broken())).toList());
        System.out.println("capacity search against a known queue: " + what); // the evidence docs/results.md quotes
        // a busy machine only ever adds latency: a kept probe is never above the known capacity, while a probe a little below it may
        // break (seen beside two busy loops: 425/s against a known 429.7/s, its mean 12.0 ms for a bound of 12 ms)
        assertTrue(r.low() <= known, "no rate above the known capacity is kept: " + what);
        assertTrue(known <= r.high() * (1 + BUSY_SLACK), "the known capacity lies inside the search's bracket (or within "
                + BUSY_SLACK * 100 + " % above it): " + what);
        if (r.stop() == CapacitySearch.Stop.RUNS_DISAGREE) {
            // a busy machine can stall one probe below the capacity (seen beside two busy loops: 100/s, p99 98 ms, its repeat 10 ms);
            // the search must then say so, name the rate whose runs disagreed, and still hold the known capacity in its bracket
            assertTrue(r.why().contains("runs disagree") && r.probes().stream().anyMatch(p -> !p.kept() && p.offered() < known), what);
            return;
        }
        assertEquals(CapacitySearch.Stop.PRECISION, r.stop(), what);
        assertEquals(known, r.capacity(), known * 0.05, what);
        assertTrue((r.high() - r.low()) / ((r.high() + r.low()) / 2) <= 0.1 + 1e-9, "±5 %: " + what);
        // each end of the bracket was run twice, with one outcome
        assertEquals(2, r.probes().stream().filter(p -> p.offered() == r.low()).filter(CapacitySearch.Point::kept).count(), what);
        assertEquals(2, r.probes().stream().filter(p -> p.offered() == r.high()).filter(p -> !p.kept()).count(), what);
        // every probe's scheduled operations are accounted for
        for (CapacitySearch.Point p : r.probes()) {
            Measurement m = p.measurement();
            assertEquals(m.outcomes().scheduled(), m.latencies().all().count() + m.outcomes().errors(), "completed + dropped + failed: " + what);
            assertTrue(m.outcomes().scheduled() > 0, what);
        }
    }

    /** One real cell: the open model's schedule (one client thread a server) against the stand-in queue. */
    private static Measurement probe(Open open, LongUnaryOperator service) throws Exception {
        QueueServers queue = new QueueServers(open, service);
        RunPlan plan = new RunPlan(open, new Warmup.Fixed(WARMUP), WINDOW);
        return new Runner(queue, queue.slots(), plan, null, List.of(), List.of(queue.start())).run();
    }

    /** The highest rate (to 0.1 %) whose simulated figure (p99 or mean) over the window keeps the objective's bound. */
    static double simulatedCapacity(Open schedule, LongUnaryOperator service, Objective o) {
        double low = 1, high = 1;
        while (o.keeps(simulated(schedule.atRate(high), service, o))) high *= 2;
        while (high / low > 1.001) {
            double mid = Math.sqrt(low * high);
            if (o.keeps(simulated(schedule.atRate(mid), service, o))) low = mid;
            else high = mid;
        }
        return low;
    }

    static double simulated(Open open, LongUnaryOperator service, Objective o) {
        Histogram h = simulatedLatencies(open, service);
        return o.figure().equals("mean") ? h.getMean() / 1e6 : h.getValueAtPercentile(99) / 1e6;
    }

    static double simulatedP99(double rate, int servers, LongUnaryOperator service) {
        return simulatedLatencies(new Open(rate, servers), service).getValueAtPercentile(99) / 1e6;
    }

    /**
     * An exact simulation: slot k arrives when the schedule says, takes the earliest free of the schedule's servers (one a client), and is
     * measured if it arrives in the window.
     */
    static Histogram simulatedLatencies(Open open, LongUnaryOperator service) {
        LongUnaryOperator due = open.dueNanos();
        long warmup = WARMUP.toNanos(), end = warmup + WINDOW.toNanos();
        PriorityQueue<Long> free = new PriorityQueue<>();
        for (int i = 0; i < open.clients(); i++) free.add(0L);
        Histogram h = Histograms.newHistogram();
        for (long k = 0; due.applyAsLong(k) < end; k++) {
            long arrival = due.applyAsLong(k), begins = Math.max(arrival, free.poll()), done = begins + service.applyAsLong(k);
            free.add(done);
            if (arrival >= warmup) h.recordValue(done - arrival);
        }
        return h;
    }

    static LongUnaryOperator exponential(long meanNanos, long seed) {
        return k -> (long) (-meanNanos * Math.log(1 - new SplittableRandom(seed * 1_000_003L + k).nextDouble()));
    }

    @Test
    void theSimulationIsTheQueueOfTheory() {
        // below its service rate a D/D/c queue never waits: every latency is the service time
        assertEquals(10.0, simulatedP99(190, 2, k -> 10_000_000L), 0.02);
        // above it, slot k waits k × (1/μ − 1/λ): at 1.05 μ the window's p99 is far beyond the service time
        assertTrue(simulatedP99(210, 2, k -> 10_000_000L) > 30);
        // an M/M/1-like check of the exponential draws: their mean is the mean asked
        LongUnaryOperator e = exponential(8_000_000, 7);
        double sum = 0;
        for (int k = 0; k < 100_000; k++) sum += e.applyAsLong(k);
        assertEquals(8_000_000, sum / 100_000, 8_000_000 * 0.02);
    }

    @Test
    void aSearchStopsWhenItsBudgetOrProbesRunOutAndSaysSo() throws Exception {
        Objective objective = Objective.parse("p99 < 1s", List.of(), "objective", "test");
        CapacitySearch.Settings settings = CapacitySearch.Settings.of(List.of(objective), 25).withMaxProbes(3);
        CapacitySearch.Result r = new CapacitySearch(settings, 2, load -> probe(load, k -> 10_000_000L), null).run();
        assertEquals(CapacitySearch.Stop.PROBES, r.stop());
        assertEquals(3, r.probes().size());
        assertTrue(Double.isNaN(r.capacity()) || r.low() > 0, r.bracketText());
        assertTrue(r.bracketText().startsWith("at least 100"), "25, 50 and 100/s, half the servers' 200/s at most, all kept it: " + r.bracketText());
        assertTrue(r.why().contains("3 probes"), r.why());
    }

    /**
     * A noisy knee, as E2's p99 over 10 s windows shows it: from 300/s to 550/s the objective holds in some runs and not in others (runs
     * alternate by the rate's own count, so the same rate disagrees with itself and a lower rate breaks it where a higher one kept it).
     * The bracket must hold the whole fuzzy zone — its lower end below every rate that ever broke it, its upper end above every rate that
     * ever kept it — and say which rates disagreed; the old reading (the highest rate kept in all its runs) claimed 425–600 from such runs.
     */
    @Test
    void ratesWhoseRunsDisagreeStayInsideTheBracket() throws Exception {
        Objective objective = Objective.parse("p99 < 50ms", List.of(), "objective", "test");
        CapacitySearch.Settings settings = CapacitySearch.Settings.of(List.of(objective), 100).withRepeats(3);
        java.util.Map<Double, Integer> seen = new java.util.HashMap<>();
        CapacitySearch.Trial noisy = rate -> {
            int n = seen.merge(rate, 1, Integer::sum);
            boolean kept = rate < 300 || rate <= 550 && n % 2 == 0;
            return new CapacitySearch.Point(rate, rate, kept, kept ? List.of() : List.of("p99"), kept ? 0.5 + rate / 1200 : 1.2, null);
        };
        CapacitySearch.Result r = new CapacitySearch(settings, noisy, null).run();
        String what = r.bracketText() + " (" + r.stop() + ": " + r.why() + ") after " + r.probes().size() + " probes: "
                + r.probes().stream().map(p -> (int) p.offered() + (p.kept() ? "K" : "B")).toList();
        assertEquals(CapacitySearch.Stop.RUNS_DISAGREE, r.stop(), what);
        double everBroke = r.probes().stream().filter(p -> !p.kept()).mapToDouble(CapacitySearch.Point::offered).min().orElseThrow();
        double everKept = r.probes().stream().filter(CapacitySearch.Point::kept).mapToDouble(CapacitySearch.Point::offered).max().orElseThrow();
        assertTrue(r.low() < everBroke && everBroke >= 300, "no rate at or below the lower end ever broke the objective: " + what);
        assertTrue(r.high() > everKept && everKept <= 550, "no rate at or above the upper end ever kept it: " + what);
        assertTrue(r.low() >= 300 / 1.1 && r.high() <= 550 * 1.1 + 1e-9, "the fuzzy zone 300–550 found to the precision: " + what);
        assertTrue(r.low() <= r.capacity() && r.capacity() <= r.high(), what);
        assertTrue(r.why().contains("of 3 kept") || r.why().contains("of 1 kept") || r.why().contains("of 2 kept"), what);
        for (double end : new double[] {r.low(), r.high()}) {
            assertEquals(3, r.probes().stream().filter(p -> p.offered() == end).count(), "each end run 3 times: " + what);
        }
    }

    /** A knee without noise: the bracket closes to the precision around it, whatever the rates' order of discovery. */
    @Test
    void aSharpKneeIsBracketedToThePrecision() throws Exception {
        Objective objective = Objective.parse("p99 < 50ms", List.of(), "objective", "test");
        CapacitySearch.Settings settings = CapacitySearch.Settings.of(List.of(objective), 100).withRepeats(2);
        CapacitySearch.Trial sharp = rate -> new CapacitySearch.Point(rate, rate, rate <= 437, rate <= 437 ? List.of() : List.of("p99"),
                rate / 437.0, null);
        CapacitySearch.Result r = new CapacitySearch(settings, sharp, null).run();
        assertEquals(CapacitySearch.Stop.PRECISION, r.stop(), r.why());
        assertTrue(r.low() <= 437 && 437 < r.high() && (r.high() - r.low()) / ((r.high() + r.low()) / 2) <= 0.1 + 1e-9, r.bracketText());
        assertEquals(437, r.capacity(), 437 * 0.01, "the ratio crosses 1 at 437/s: " + r.capacity());
    }

    @Test
    void objectivesACapacityCannotSeekAreRefused() {
        Objective throughput = Objective.parse("throughput > 500/s", List.of(), "objective", "test");
        assertThrows(IllegalArgumentException.class, () -> CapacitySearch.Settings.of(List.of(throughput), 10));
        assertThrows(IllegalArgumentException.class, () -> CapacitySearch.Settings.of(List.of(), 10));
        assertFalse(Objective.parse("p99 > 5ms", List.of(), "objective", "t").upperBoundOnLoad());
        assertTrue(assertThrows(io.graphperf.core.UserError.class, () -> Objective.parse("p101 < 5ms", List.of(), "objective", "--capacity"))
                .getMessage().contains("out of range"));
    }
}
