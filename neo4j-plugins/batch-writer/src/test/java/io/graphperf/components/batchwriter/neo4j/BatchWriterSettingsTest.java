package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.WriterConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** graphperf.conf beside neo4j.conf: values parsed as neo4j.conf's are, and a wrong one named with its file. */
class BatchWriterSettingsTest {

    private static Config home(Path dir, String conf) throws Exception {
        Files.createDirectories(dir.resolve("conf"));
        Files.writeString(dir.resolve("conf").resolve(BatchWriterSettings.FILE), conf);
        return Config.newBuilder().set(GraphDatabaseSettings.neo4j_home, dir.toAbsolutePath()).build();
    }

    @Test
    void valuesAreReadAndDefaultsFillTheRest(@TempDir Path dir) throws Exception {
        Config config = home(dir, "graphperf.batch_writer.fsync=per-write\ngraphperf.batch_writer.batch_interval=25ms\n"
                + "graphperf.batch_writer.queue_capacity=5000\n");
        WriterConfig w = BatchWriterSettings.read(config).writerConfig(config, "neo4j");
        assertTrue(w.sync().perWrite());
        assertEquals(Duration.ofMillis(25), w.batchInterval());
        assertEquals(5000, w.queueCapacity());
        assertEquals(WriterConfig.DEFAULT_BATCH_ROWS, w.batchRows());
        assertEquals(config.get(GraphDatabaseSettings.data_directory).resolve("graphperf-batch-writer").resolve("neo4j"), w.directory());
    }

    @Test
    void aWrongValueOrAnUnknownKeyIsNamedWithItsFile(@TempDir Path dir) throws Exception {
        Config config = home(dir, "graphperf.batch_writer.batch_interval=soon\n");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> BatchWriterSettings.read(config).writerConfig(config, "neo4j"));
        assertTrue(bad.getMessage().startsWith("graphperf.batch_writer.batch_interval=soon in ") && bad.getMessage().contains("graphperf.conf"),
                bad.getMessage());
        Config typo = home(dir, "graphperf.batch_writer.batch_sise=10\n");
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> BatchWriterSettings.read(typo));
        assertTrue(unknown.getMessage().startsWith("unknown setting graphperf.batch_writer.batch_sise in "), unknown.getMessage());
        Config small = home(dir, "graphperf.batch_writer.queue_capacity=10\n");
        IllegalArgumentException tooSmall = assertThrows(IllegalArgumentException.class,
                () -> BatchWriterSettings.read(small).writerConfig(small, "neo4j"));
        assertTrue(tooSmall.getMessage().contains("queue capacity (10) must be at least the batch size (1000)"), tooSmall.getMessage());
    }
}
