package io.graphperf.engines.neo4j.procedures;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuSlowdownTest {

    /** A thread's CPU clock the test moves: each read while spinning advances it 1 µs, as burning would. */
    static final class Clock {
        final AtomicLong nanos = new AtomicLong();
        long reads;

        long read() {
            reads++;
            return nanos.addAndGet(1_000);
        }
    }

    @Test
    void eachCommitBurnsTheFractionOfTheCpuUsedSinceTheLastCharge() {
        Clock clock = new Clock();
        CpuSlowdown s = new CpuSlowdown(0.05, clock::read);
        s.charge(); // the first commit starts the account
        assertEquals(0, s.burnedNanos());
        clock.nanos.addAndGet(10_000_000); // the transaction's 10 ms of CPU
        long before = clock.nanos.get();
        s.charge();
        // 5 % of the 10 ms (and the 1 µs reads since the account started), to within one read
        assertTrue(s.burnedNanos() >= 500_000 && s.burnedNanos() <= 502_000, "burned " + s.burnedNanos());
        assertTrue(clock.nanos.get() - before >= 500_000, "the clock moved " + (clock.nanos.get() - before));
        // the burn itself is not charged again: the next commit pays for its own CPU only
        long burnedSoFar = s.burnedNanos();
        clock.nanos.addAndGet(2_000_000);
        s.charge();
        long second = s.burnedNanos() - burnedSoFar;
        assertTrue(second >= 100_000 && second <= 102_000, "burned " + second + " for 2 ms");
    }

    @Test
    void noSlowdownBurnsNothing() {
        Clock clock = new Clock();
        CpuSlowdown s = new CpuSlowdown(0, clock::read);
        s.charge();
        clock.nanos.addAndGet(10_000_000);
        s.charge();
        assertEquals(0, s.burnedNanos());
    }

    @Test
    void eachThreadHasItsOwnAccount() throws Exception {
        Clock clock = new Clock();
        CpuSlowdown s = new CpuSlowdown(0.5, clock::read);
        s.charge();
        Thread other = new Thread(s::charge); // its first commit: no account yet, nothing burned
        other.start();
        other.join();
        assertEquals(0, s.burnedNanos());
    }
}
