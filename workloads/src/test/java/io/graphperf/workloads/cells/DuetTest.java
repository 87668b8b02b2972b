package io.graphperf.workloads.cells;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A duet's two sides meet at each cell and start it at one instant; a side that measures another cell, leaves or never comes ends the pair. */
class DuetTest {

    static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void bothSidesGetOneStartAtEachCell() throws Exception {
        Duet d = new Duet("a", "b", WAIT);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (String cell : List.of("x", "y", "z")) {
                Future<Long> a = pool.submit(() -> d.meet(0, cell)), b = pool.submit(() -> d.meet(1, cell));
                assertEquals(a.get(60, TimeUnit.SECONDS), b.get(60, TimeUnit.SECONDS), cell);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void sidesAtDifferentCellsEndThePairNamingBoth() throws Exception {
        Duet d = new Duet("base", "variant", WAIT);
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            Future<Long> first = pool.submit(() -> d.meet(0, "create over bolt"));
            while (!d.waiting(0)) Thread.sleep(5);
            UserError e = assertThrows(UserError.class, () -> d.meet(1, "unwind over bolt"));
            assertTrue(e.getMessage().contains("different cells") && e.getMessage().contains("create over bolt") && e.getMessage().contains("unwind over bolt"),
                    e.getMessage());
            Exception other = assertThrows(Exception.class, () -> first.get(60, TimeUnit.SECONDS));
            assertTrue(other.getCause() instanceof UserError && other.getCause().getMessage().contains("ended"), String.valueOf(other.getCause()));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSideThatLeavesEndsThePairAndOneThatNeverComesTimesOut() {
        Duet d = new Duet("base", "variant", WAIT);
        d.leave(1, "its engine did not start");
        UserError e = assertThrows(UserError.class, () -> d.meet(0, "x"));
        assertTrue(e.getMessage().contains("variant") && e.getMessage().contains("its engine did not start"), e.getMessage());
        Duet lonely = new Duet("base", "variant", Duration.ofMillis(300));
        UserError t = assertThrows(UserError.class, () -> lonely.meet(1, "x"));
        assertTrue(t.getMessage().contains("did not reach x"), t.getMessage());
    }

    /** Two runners paired: one start, the same sampling intervals, so their windows line up interval by interval. */
    @Test
    void pairedRunnersMeasureWindowsThatLineUp() throws Exception {
        Duet d = new Duet("a", "b", WAIT);
        Operation op = new Operation("w", List.of(new Statement("x", null)), TxMode.EXPLICIT, 1);
        Transport t = new Transport() {

            @Override
            public io.graphperf.core.engine.Session openSession() {
                return o -> Thread.sleep(1);
            }

            @Override
            public String clientWork() {
                return "none";
            }
        };
        RunPlan plan = new RunPlan(new Closed(2), new Warmup.Fixed(Duration.ofMillis(300)), Duration.ofSeconds(1));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Measurement> a = pool.submit(() -> d.side(0).paired(new Runner(t, (c, s) -> op, plan, null, List.of(), List.of()), "x", plan).run());
            Future<Measurement> b = pool.submit(() -> d.side(1).paired(new Runner(t, (c, s) -> op, plan, null, List.of(), List.of()), "x", plan).run());
            Measurement ma = a.get(60, TimeUnit.SECONDS), mb = b.get(60, TimeUnit.SECONDS);
            assertTrue(ma.throughput().ops() > 0 && mb.throughput().ops() > 0);
            assertEquals(ma.throughput().timeline().stream().filter(i -> i.phase() == Interval.Phase.WINDOW).count(),
                    mb.throughput().timeline().stream().filter(i -> i.phase() == Interval.Phase.WINDOW).count(), "as many window intervals");
        } finally {
            pool.shutdownNow();
        }
        RunPlan auto = plan.withWarmup(new Warmup.UntilSteady(Duration.ofSeconds(5)));
        UserError e = assertThrows(UserError.class, () -> d.side(0).paired(new Runner(t, (c, s) -> op, auto, null, List.of(), List.of()), "y", auto));
        assertTrue(e.getMessage().contains("--warmup"), e.getMessage());
    }
}
