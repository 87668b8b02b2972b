package io.graphperf.core.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RampingTest {

    static final Ramping RAMP = new Ramping(100, List.of(new Ramping.Stage(2000, 300), new Ramping.Stage(1000, 300), new Ramping.Stage(1000, 0)), 500, 4);

    /** How many operations are due before {@code seconds}, from the schedule. */
    private static long dueBefore(Ramping r, double seconds) {
        long k = 0;
        while (r.secondsOf(k) < seconds) k++;
        return k;
    }

    @Test
    void operationsAreDueWhereTheRatesIntegralReachesThem() {
        // 0.5 s at 100/s: 50; a ramp 100 → 300 over 2 s: 400; 1 s at 300: 300; a ramp 300 → 0 over 1 s: 150
        assertEquals(50, dueBefore(RAMP, 0.5));
        assertEquals(450, dueBefore(RAMP, 2.5), 1);
        assertEquals(750, dueBefore(RAMP, 3.5), 1);
        assertEquals(900, dueBefore(RAMP, 10), 1, "nothing past the last stage");
        assertTrue(Double.isInfinite(RAMP.secondsOf(901)));
        // a quarter into the first ramp the rate is 150/s: the gap between operations is 1/150 s
        double t = RAMP.secondsOf(50 + 62), next = RAMP.secondsOf(51 + 62);
        assertEquals(1 / 150.0, next - t, 2e-4);
        assertEquals(4000, RAMP.windowMillis());
        assertEquals(850 / 4.0, RAMP.offeredPerSecond(), 1e-9, "the window's 850 operations over its 4 s");
        for (long k = 1; k < 900; k++) assertTrue(RAMP.secondsOf(k) >= RAMP.secondsOf(k - 1), "in order");
    }

    @Test
    void aRampIsMeasuredAsScheduledEveryOperationAccountedForAndFlaggedAsARamp() throws Exception {
        SyntheticTransport t = SyntheticTransport.fixed(1_000_000);
        RunPlan plan = new RunPlan(RAMP, new Warmup.Fixed(Duration.ofMillis(RAMP.warmupMillis())), Duration.ofMillis(RAMP.windowMillis()));
        Measurement m = new Runner(t, RunnerTest.SOURCE, plan, null, List.of(), List.of()).run();
        assertEquals(850, m.outcomes().scheduled(), 2, "every operation of the window's schedule");
        assertEquals(0, m.outcomes().errors());
        assertEquals(m.outcomes().scheduled(), m.latencies().all().count() + m.outcomes().dropped());
        assertEquals(Steadiness.State.UNDECIDED, m.steadiness().state());
        assertTrue(m.steadiness().reason().startsWith("ramped:"), m.steadiness().reason());
        assertFalse(m.steadiness().steady());
        assertEquals("ramping", m.loadModel().name());
    }

    @Test
    void travelsAsJsonToAnEngineOrAnAgent() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Executor back = json.readValue(json.writeValueAsString((Executor) RAMP.withSegment(new Segment(1, 2))), Executor.class);
        assertEquals(RAMP.withSegment(new Segment(1, 2)), back);
        assertEquals(RAMP.offeredPerSecond() / 2, back.offeredPerSecond(), 1e-9, "an agent offers its segment's share");
    }
}
