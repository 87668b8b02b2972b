package io.graphperf.workloads.cdc;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tester's options: defaults, the ini file (and its errors by file and line), and combinations refused by name. */
class CdcOptionsTest {

    @TempDir
    Path dir;

    private static CdcOptions parse(String... args) {
        CdcCommand c = new CdcCommand();
        new CommandLine(c).parseArgs(args);
        return c.options();
    }

    @Test
    void theSeedsDefaults() {
        CdcOptions o = parse();
        assertEquals(1000, o.unit());
        assertEquals(List.of(1, 10, 100, 1000), o.multipliers());
        assertEquals(5, o.repeats());
        assertTrue(o.ownPipeline());
        assertNull(o.bootstrapServers());
        assertNull(o.rate());
        assertEquals("graphperf-cdc", o.topic());
        assertEquals(16, o.clients());
        assertEquals(100, o.faultRate());
    }

    @Test
    void anIniFileWithProducerBrokerAndConsumerSectionsTheCommandLineWinning() throws Exception {
        Path ini = dir.resolve("cdc.ini");
        Files.writeString(ini, """
                # the original tester's sections
                [producer]
                unit = 500
                multipliers = 1, 2
                repeats = 3
                clients = 32
                fault_rate = 500
                kafka.linger.ms = 10
                [broker]
                partitions = 4
                kafka.log.flush.interval.messages = 1   ; flush every record
                [consumer]
                batch_size = 1000
                kafka.fetch.min.bytes = 1
                """);
        CdcOptions o = parse("--config", ini.toString(), "--repeats", "7");
        assertEquals(500, o.unit());
        assertEquals(List.of(1, 2), o.multipliers());
        assertEquals(7, o.repeats(), "the command line wins");
        assertEquals(32, o.clients());
        assertEquals(500, o.faultRate());
        assertEquals(4, o.partitions());
        assertEquals(1000, o.sinkBatch());
        assertEquals(Map.of("linger.ms", "10"), o.producerSettings());
        assertEquals(Map.of("log.flush.interval.messages", "1"), o.brokerSettings());
        assertEquals(Map.of("fetch.min.bytes", "1"), o.consumerSettings());
    }

    @Test
    void aWrongIniKeyOrValueNamesTheFileAndLine() throws Exception {
        Path ini = dir.resolve("bad.ini");
        Files.writeString(ini, "[producer]\nunit = 10\nbatchsize = 5\n");
        UserError e = assertThrows(UserError.class, () -> parse("--config", ini.toString()));
        assertTrue(e.getMessage().contains(ini + ":3") && e.getMessage().contains("batchsize") && e.getMessage().contains("[producer]"), e.getMessage());
        Files.writeString(ini, "[consumer]\nbatch_size = many\n");
        e = assertThrows(UserError.class, () -> parse("--config", ini.toString()));
        assertTrue(e.getMessage().contains(ini + ":2") && e.getMessage().contains("batch_size"), e.getMessage());
        Files.writeString(ini, "[sink]\n");
        e = assertThrows(UserError.class, () -> parse("--config", ini.toString()));
        assertTrue(e.getMessage().contains(ini + ":1") && e.getMessage().contains("[sink]"), e.getMessage());
        Files.writeString(ini, "unit = 5\n");
        e = assertThrows(UserError.class, () -> parse("--config", ini.toString()));
        assertTrue(e.getMessage().contains("before any section"), e.getMessage());
    }

    @Test
    void faultsAndCombinationsAreCheckedByName() {
        assertEquals(List.of(new CdcOptions.Fault("kill-source", null), new CdcOptions.Fault("stop-broker", Duration.ofSeconds(30))),
                parse("--fault", "kill-source,stop-broker=30s").faults());
        assertTrue(assertThrows(UserError.class, () -> parse("--fault", "kill-everything")).getMessage().contains("kill-everything"));
        assertTrue(assertThrows(UserError.class, () -> parse("--fault", "stop-broker")).getMessage().contains("stop-broker=30s"));
        assertTrue(assertThrows(UserError.class, () -> parse("--source", "bolt://a:7687")).getMessage().contains("--sink"));
        assertTrue(assertThrows(UserError.class, () -> parse("--source", "bolt://a", "--sink", "bolt://b", "--fault", "kill-sink")).getMessage()
                .contains("--fault"));
        assertTrue(assertThrows(UserError.class, () -> parse("--user", "neo4j")).getMessage().contains("--user"));
        assertTrue(assertThrows(UserError.class, () -> parse("--replication-factor", "3")).getMessage().contains("--bootstrap-servers"));
        assertTrue(assertThrows(UserError.class, () -> parse("--multipliers", "0")).getMessage().contains("multiplier"));
        assertTrue(assertThrows(UserError.class, () -> parse("--clients", "0")).getMessage().contains("--clients"));
        assertTrue(assertThrows(UserError.class, () -> parse("--fault-rate", "0")).getMessage().contains("--fault-rate"));
    }

    @Test
    void aStablePipelineIsThreeTimesWithinFifteenPercentOfTheirMedian() {
        assertTrue(PipelineWarmup.stable(List.of(0.10, 0.11, 0.095)));
        assertTrue(!PipelineWarmup.stable(List.of(0.10, 0.2, 0.1)));
    }
}
