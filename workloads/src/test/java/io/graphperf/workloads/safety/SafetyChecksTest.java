package io.graphperf.workloads.safety;

import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.StandInEngine;
import io.graphperf.workloads.cells.KeyLookupCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The safety study's checks find what is lost (and only that), and its ledger flags an engine that lost something. */
class SafetyChecksTest {

    /** Client 0: 30 operations, 4 and 11 failed; client 1: 20, all acknowledged; each writes 10 ids. */
    private static Accounting accounting() {
        return Accounting.of(new Accounting.Snapshot(true, List.of(new Accounting.Client(0, 30, new long[]{4, 11}),
                new Accounting.Client(1, 20, new long[0]))));
    }

    /** A store answering lookups from a set of ids, in batches as the check sends them. */
    private static final class Store extends StandInEngine {
        final Set<Long> ids = new HashSet<>();
        int lookups;

        @Override
        public List<Object> queryColumn(String statement, Map<String, Object> parameters) {
            lookups++;
            List<Object> out = new ArrayList<>();
            for (Object id : (List<?>) parameters.get("ids")) if (ids.contains(((Number) id).longValue())) out.add(id);
            return out;
        }
    }

    private static Store storeOf(Accounting acc, long perOperation) {
        Store s = new Store();
        for (Accounting.Client c : acc.clients()) {
            for (long seq = 0; seq < c.issued(); seq++) for (long i = 0; i < perOperation; i++) s.ids.add(IdWrites.id(c.client(), seq, perOperation, i));
        }
        return s;
    }

    @Test
    void everyAcknowledgedIdIsLookedUpByKeyAndAMissingOneIsNamed() throws Exception {
        Accounting acc = accounting();
        KeyLookupCheck check = new KeyLookupCheck("User", "user_id", 10, "lookup");
        Store full = storeOf(acc, 10);
        Check ok = check.check(full, acc);
        assertTrue(ok.passed(), ok.toString());
        assertEquals((28 + 20) * 10, ok.expected());
        assertEquals(ok.expected(), ok.actual());
        // an id of a failed operation missing is no loss; an acknowledged one is
        full.ids.remove(IdWrites.id(0, 4, 10, 3));
        assertTrue(check.check(full, acc).passed(), "a failed operation's ids may be missing");
        long lost = IdWrites.id(1, 19, 10, 9);
        full.ids.remove(lost);
        Check bad = check.check(full, acc);
        assertFalse(bad.passed());
        assertEquals(bad.expected() - 1, bad.actual());
        assertTrue(bad.detail().contains("1 acknowledged ids not found by key") && bad.detail().contains(Long.toString(lost)), bad.detail());
    }

    @Test
    void lookupsGoInBatchesSoAWindowOfManyIdsIsNotOneQuery() throws Exception {
        Accounting acc = Accounting.of(new Accounting.Snapshot(true, List.of(new Accounting.Client(0, 25, new long[0]))));
        Store s = storeOf(acc, 1000);
        assertTrue(new KeyLookupCheck("User", "user_id", 1000, "lookup").check(s, acc).passed());
        assertEquals(3, s.lookups, "25,000 ids in batches of 10,000");
    }

    /** A counter that reads {@code hits}. */
    private static StandInEngine counterAt(long hits) {
        return new StandInEngine() {
            @Override
            public List<Object> queryColumn(String statement, Map<String, Object> parameters) {
                return List.of(hits);
            }
        };
    }

    @Test
    void aCounterBelowTheAcknowledgedIncrementsHasLostUpdatesAndOneAboveThemAndTheFailedOnesIsWrong() throws Exception {
        Accounting acc = accounting(); // 48 acknowledged, 2 failed
        CounterCheck check = new CounterCheck("value");
        assertTrue(check.check(counterAt(48), acc).passed());
        Check twoFailedCommitted = check.check(counterAt(50), acc);
        assertTrue(twoFailedCommitted.passed() && twoFailedCommitted.detail().contains("2 of 2"), twoFailedCommitted.toString());
        Check lost = check.check(counterAt(45), acc);
        assertFalse(lost.passed());
        assertTrue(lost.detail().contains("3 acknowledged increments lost"), lost.detail());
        assertFalse(check.check(counterAt(51), acc).passed(), "more than acknowledged and failed together");
    }

    @Test
    void theLedgerFlagsAnEngineThatFailedAndAPassedTrialOfTheSameRunDoesNotClearIt(@TempDir Path dir) throws Exception {
        String before = System.getProperty(SafetyLedger.PROPERTY);
        System.setProperty(SafetyLedger.PROPERTY, dir.toString());
        try {
            SafetyData unsafe = new SafetyData("Kuzu x", List.of(new SafetyData.Line("transactions of 10", "open", "by key", 100, 97, 3, false, "3 missing")), List.of());
            SafetyData safe = new SafetyData("Kuzu x", List.of(new SafetyData.Line("transactions of 10", "open", "by key", 100, 100, 0, true, null)), List.of());
            assertTrue(SafetyLedger.warnings(List.of("kuzu")).isEmpty(), "nothing studied yet: no flag");
            SafetyLedger.record("kuzu", unsafe, dir.resolve("run-1"));
            SafetyLedger.record("kuzu", safe, dir.resolve("run-1"));
            List<String> flags = SafetyLedger.warnings(List.of("kuzu", "neo4j"));
            assertEquals(1, flags.size(), flags.toString());
            assertTrue(flags.get(0).contains("engine kuzu failed graphperf's safety study") && flags.get(0).contains("3 acknowledged lost"), flags.get(0));
            SafetyLedger.record("kuzu", safe, dir.resolve("run-2"));
            assertTrue(SafetyLedger.warnings(List.of("kuzu")).isEmpty(), "a later run that passed clears the flag");
        } finally {
            if (before == null) System.clearProperty(SafetyLedger.PROPERTY);
            else System.setProperty(SafetyLedger.PROPERTY, before);
        }
    }

    /** A loss after kill -9 is read beside what the engine's settings say a commit survives; a loss while open is not excused by it. */
    @Test
    void aLossAfterAKillNamesTheEnginesOwnDurabilitySettings() {
        String says = "commits are written out every 1000 ms";
        SafetyData.Line killed = new SafetyData.Line("kill -9 round 1", SafetyStudy.RESTARTED, "by scan", 100, 90, 10, false, "10 missing");
        SafetyData.Line open = new SafetyData.Line("transactions of 10", SafetyStudy.OPEN, "by scan", 100, 90, 10, false, "10 missing");
        String afterKill = SafetyReport.verdict(new SafetyData("OrientDB x", List.of(killed), List.of(), says));
        assertTrue(afterKill.startsWith("UNSAFE: 1 check(s) failed, 10 acknowledged lost") && afterKill.endsWith("its settings say: " + says), afterKill);
        String whileOpen = SafetyReport.verdict(new SafetyData("OrientDB x", List.of(open), List.of(), says));
        assertFalse(whileOpen.contains(says), "a loss with the engine running is no matter of flushing: " + whileOpen);
        assertFalse(SafetyReport.verdict(new SafetyData("Kuzu x", List.of(killed), List.of())).contains("settings say"), "an engine that says nothing");
    }
}
