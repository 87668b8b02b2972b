package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiments;
import io.graphperf.workloads.safety.SafetyData;
import io.graphperf.workloads.safety.SafetyLedger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The safety study end to end on Neo4j (a server process, written to over Bolt) and Kuzu (embedded in graphperf's host): every phase
 * runs, writes something, is checked by scan and by key open, reopened and after kill -9; the processes killed are restarted and none
 * is left; each engine's verdict lands in the ledger (the flag other studies carry is EnginesWritesIT's to check).
 */
class SafetyIT {

    static {
        Experiments.all();
    }

    @TempDir
    Path ledger;
    private String before;

    @BeforeEach
    void ownLedger() {
        before = System.getProperty(SafetyLedger.PROPERTY);
        System.setProperty(SafetyLedger.PROPERTY, ledger.toString());
    }

    @AfterEach
    void restoreLedger() {
        if (before == null) System.clearProperty(SafetyLedger.PROPERTY);
        else System.setProperty(SafetyLedger.PROPERTY, before);
    }

    @Test
    void neo4jAndKuzuKeepEveryAcknowledgedWriteOpenReopenedAndAfterKill9(@TempDir Path dir) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "safety", "--engines", "neo4j,kuzu", "--clients", "4", "--duration", "2s",
                "--tx-sizes", "1,1000", "--kills", "1", "--heap", "512m", "--page-cache", "128m", "--seed", "7", "--out", dir.toString());
        Path runDir = WritesIT.onlyRun(dir);
        RunResult run = JsonExporter.read(runDir);
        assertEquals(2, run.data().size(), o.failure());
        for (RunResult.TrialData t : run.data()) {
            SafetyData d = (SafetyData) t.data();
            String who = t.variant() + ": " + d.lines();
            for (String phase : List.of("transactions of 1", "transactions of 1000", "shared counter")) {
                for (String when : List.of("open", "after close and reopen")) {
                    assertTrue(d.lines().stream().anyMatch(l -> l.phase().equals(phase) && l.when().equals(when) && l.expected() > 0), who + " " + phase + " " + when);
                }
            }
            for (String check : List.of("by scan", "by key")) {
                assertTrue(d.lines().stream().anyMatch(l -> l.phase().equals("kill -9 round 1") && l.when().equals("after kill -9 and restart")
                        && l.check().equals(check) && l.expected() > 0), who + ": the kill round checked " + check);
            }
            assertTrue(d.lines().stream().anyMatch(l -> l.check().equals("kill -9") && l.detail().contains("killed")), who);
            assertTrue(d.safe() && d.lost() == 0 && d.crashes().isEmpty(), who);
            assertTrue(SafetyLedger.last(t.variant()).orElseThrow().safe(), t.variant() + " recorded in the ledger");
        }
        assertEquals(0, o.code(), o.failure());
        assertTrue(o.out().contains("safety, neo4j #1: safe") && o.out().contains("safety, kuzu #1: safe"), o.out());
        assertTrue(Files.readString(runDir.resolve("report.html")).contains("id=\"safety-verdicts\""), "the report's safety section");
        EnginesReadsIT.assertNoEngineHostLeft(dir);
    }
}
