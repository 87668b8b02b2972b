package io.graphperf.components.cdc;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToLongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The publication rule, checked two ways. A model of the capture and the relay — transactions take a number, become visible, end; the
 * relay takes its bound, reads the visible outbox below it, publishes, deletes — runs under a seeded scheduler that picks which actor
 * takes its next step, so every interleaving is replayable from its seed; thousands of rounds must publish each committed number once,
 * in increasing order. The same model with the rule graphperf had before ("no limit when nothing is in flight") must be caught,
 * which shows the check can fail. Then real threads with random pauses between every step, against the real class.
 */
class CommitSequenceTest {

    /** The rule before: the lowest number in flight, or no limit at all when none is. */
    private static final ToLongFunction<CommitSequence> OLD_RULE = s -> s.inFlight() == 0 ? Long.MAX_VALUE : s.publishableBelow();

    @Test
    void everyInterleavingPublishesInSequenceOrder() {
        for (long seed = 1; seed <= 3000; seed++) {
            String violation = simulate(seed, CommitSequence::publishableBelow);
            assertNull(violation, "seed " + seed + ": " + violation);
        }
    }

    @Test
    void theCheckCatchesTheOldRule() {
        int caught = 0;
        for (long seed = 1; seed <= 3000; seed++) {
            if (simulate(seed, OLD_RULE) != null) caught++;
        }
        assertTrue(caught > 0, "the old rule published out of order in none of 3000 seeded rounds: the check would not catch it");
    }

    /**
     * One round: up to 12 transactions (some roll back after taking their number) and a relay, stepped in an order drawn from the seed;
     * the clock jumps back now and then. Returns null, or what went wrong.
     */
    private static String simulate(long seed, ToLongFunction<CommitSequence> rule) {
        Random r = new Random(seed);
        long[] clock = {1_000_000};
        CommitSequence seq = new CommitSequence(() -> clock[0]);
        seq.floor(r.nextInt(3) == 0 ? 2_000_000 : 0);
        int n = 2 + r.nextInt(11);
        int[] step = new int[n];               // 0 to begin, 1 to become visible (or roll back), 2 to end, 3 done
        long[] number = new long[n];
        boolean[] rollsBack = new boolean[n];
        for (int i = 0; i < n; i++) rollsBack[i] = r.nextInt(5) == 0;
        TreeMap<Long, Boolean> outbox = new TreeMap<>();   // visible, not yet deleted
        List<Long> published = new ArrayList<>();
        List<Long> committed = new ArrayList<>();
        int relayStep = 0;
        long bound = 0;
        List<Long> read = List.of();
        while (true) {
            List<Integer> runnable = new ArrayList<>();
            for (int i = 0; i < n; i++) if (step[i] < 3) runnable.add(i);
            boolean transactionsLeft = !runnable.isEmpty();
            if (!transactionsLeft && outbox.isEmpty() && relayStep == 0) break;
            runnable.add(-1); // the relay
            int actor = runnable.get(r.nextInt(runnable.size()));
            if (r.nextInt(8) == 0) clock[0] += r.nextInt(3) == 0 ? -r.nextInt(500) : r.nextInt(500);
            if (actor >= 0) {
                switch (step[actor]++) {
                    case 0 -> number[actor] = seq.begin();
                    case 1 -> {
                        if (!rollsBack[actor]) {
                            outbox.put(number[actor], true);
                            committed.add(number[actor]);
                        }
                    }
                    case 2 -> seq.end(number[actor]);
                    default -> throw new IllegalStateException();
                }
                continue;
            }
            switch (relayStep) {
                case 0 -> bound = rule.applyAsLong(seq);
                case 1 -> read = new ArrayList<>(outbox.headMap(bound, false).keySet());
                case 2 -> {
                    for (long x : read) {
                        if (!published.isEmpty() && x <= published.get(published.size() - 1)) {
                            return "published " + x + " after " + published.get(published.size() - 1) + " (published so far: " + published + ")";
                        }
                        published.add(x);
                    }
                }
                case 3 -> read.forEach(outbox::remove);
                default -> throw new IllegalStateException();
            }
            relayStep = (relayStep + 1) % 4;
        }
        List<Long> sorted = committed.stream().sorted().toList();
        if (!published.equals(sorted)) return "published " + published + ", committed " + sorted;
        return null;
    }

    @Test
    void realThreadsWithPausesPublishInOrder() throws Exception {
        for (long seed = 1; seed <= 3; seed++) {
            CommitSequence seq = new CommitSequence();
            ConcurrentSkipListMap<Long, Boolean> outbox = new ConcurrentSkipListMap<>();
            AtomicLong committed = new AtomicLong();
            AtomicBoolean done = new AtomicBoolean();
            AtomicReference<String> violation = new AtomicReference<>();
            int threads = 16, each = 300;
            CountDownLatch finished = new CountDownLatch(threads);
            for (int t = 0; t < threads; t++) {
                Random r = new Random(seed * 100 + t);
                Thread th = new Thread(() -> {
                    for (int i = 0; i < each; i++) {
                        pause(r);
                        long s = seq.begin();
                        pause(r);
                        boolean commit = r.nextInt(10) > 0;
                        if (commit) {
                            outbox.put(s, true);
                            committed.incrementAndGet();
                        }
                        pause(r);
                        seq.end(s);
                    }
                    finished.countDown();
                });
                th.setDaemon(true);
                th.start();
            }
            Random rr = new Random(seed);
            long last = -1, published = 0;
            while (!done.get()) {
                boolean ended = finished.getCount() == 0;
                long bound = seq.publishableBelow();
                pause(rr);
                for (long s : new ArrayList<>(outbox.headMap(bound, false).keySet())) {
                    if (s <= last && violation.get() == null) violation.set("published " + s + " after " + last);
                    last = s;
                    published++;
                    outbox.remove(s);
                }
                if (ended && outbox.isEmpty() && seq.inFlight() == 0) done.set(true);
            }
            assertNull(violation.get(), "seed " + seed);
            assertEquals(committed.get(), published, "seed " + seed + ": every committed number published once");
        }
    }

    private static void pause(Random r) {
        int p = r.nextInt(4);
        if (p == 0) Thread.yield();
        else if (p == 1) LockSupport.parkNanos(r.nextInt(200_000));
    }

    @Test
    void numbersKeepIncreasingWhenTheClockGoesBackAndAfterAFloor() {
        long[] clock = {5_000};
        CommitSequence s = new CommitSequence(() -> clock[0]);
        long a = s.begin();
        clock[0] = 1_000;
        long b = s.begin();
        assertTrue(b > a);
        s.floor(10_000);
        assertTrue(s.begin() > 10_000);
        assertEquals(a, s.publishableBelow(), "the oldest in flight holds publication back");
        assertTrue(s.oldestInFlightMs() >= 0);
    }
}
