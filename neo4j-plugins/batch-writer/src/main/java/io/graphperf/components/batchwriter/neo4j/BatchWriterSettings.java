package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.DurableLog;
import io.graphperf.components.batchwriter.Layout;
import io.graphperf.components.batchwriter.WriterConfig;
import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.SettingValueParser;
import org.neo4j.configuration.SettingValueParsers;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * The batch writer's settings. Neo4j 5 refuses settings outside its own namespaces in neo4j.conf, so
 * (as APOC does with apoc.conf) they live in {@code graphperf.conf} beside it: {@code $NEO4J_CONF} or
 * {@code <neo4j home>/conf}. A JVM system property of the same name overrides the file.
 *
 * <pre>
 * graphperf.batch_writer.enabled=true
 * graphperf.batch_writer.directory=          (empty: &lt;server.directories.data&gt;/graphperf-batch-writer; one folder per database)
 * graphperf.batch_writer.fsync=group         (group | per-write)
 * graphperf.batch_writer.group_commit_interval=0ms   (0: the next fsync starts as soon as the last one ends)
 * graphperf.batch_writer.batch_size=1000
 * graphperf.batch_writer.batch_interval=2ms
 * graphperf.batch_writer.queue_capacity=100000
 * graphperf.batch_writer.ack_timeout=60s
 * graphperf.batch_writer.appliers=1          (more: parallel transactions, one per applier)
 * graphperf.batch_writer.partition_by=       (with more than one applier: the parameter whose value keeps one key's writes in order)
 * </pre>
 */
public final class BatchWriterSettings {

    public static final String FILE = GraphperfConf.FILE;
    public static final String PREFIX = "graphperf.batch_writer.";
    static final String ENABLED = PREFIX + "enabled", DIRECTORY = PREFIX + "directory", FSYNC = PREFIX + "fsync",
            GROUP_COMMIT_INTERVAL = PREFIX + "group_commit_interval", BATCH_SIZE = PREFIX + "batch_size",
            BATCH_INTERVAL = PREFIX + "batch_interval", QUEUE_CAPACITY = PREFIX + "queue_capacity", ACK_TIMEOUT = PREFIX + "ack_timeout",
            APPLIERS = PREFIX + "appliers", PARTITION_BY = PREFIX + "partition_by";
    private static final Set<String> KNOWN = Set.of(ENABLED, DIRECTORY, FSYNC, GROUP_COMMIT_INTERVAL, BATCH_SIZE, BATCH_INTERVAL,
            QUEUE_CAPACITY, ACK_TIMEOUT, APPLIERS, PARTITION_BY);

    private final GraphperfConf conf;

    private BatchWriterSettings(GraphperfConf conf) {
        this.conf = conf;
    }

    /** Reads graphperf.conf (when present) and the system-property overrides; an unknown key is an error naming it. */
    static BatchWriterSettings read(Config config) throws IOException {
        return new BatchWriterSettings(GraphperfConf.read(config, PREFIX, KNOWN));
    }

    boolean enabled() {
        return parse(ENABLED, SettingValueParsers.BOOL, true);
    }

    /** The writer's configuration for one database; a bad value fails naming its setting and file. */
    WriterConfig writerConfig(Config config, String database) {
        String dir = conf.raw(DIRECTORY, "");
        Path base = dir.isEmpty() ? config.get(GraphDatabaseSettings.data_directory).resolve("graphperf-batch-writer") : Path.of(dir);
        String mode = conf.raw(FSYNC, "group").toLowerCase(Locale.ROOT);
        DurableLog.Sync sync;
        if (mode.equals("per-write")) {
            sync = DurableLog.Sync.PER_WRITE;
        } else if (mode.equals("group")) {
            long ms = duration(GROUP_COMMIT_INTERVAL, Duration.ofMillis(WriterConfig.DEFAULT_GROUP_COMMIT_MS)).toMillis();
            sync = DurableLog.Sync.group(ms);
        } else {
            throw conf.bad(FSYNC, "must be 'group' or 'per-write'");
        }
        int batchSize = integer(BATCH_SIZE, WriterConfig.DEFAULT_BATCH_ROWS), capacity = integer(QUEUE_CAPACITY, WriterConfig.DEFAULT_QUEUE_CAPACITY);
        Duration interval = duration(BATCH_INTERVAL, WriterConfig.DEFAULT_BATCH_INTERVAL), timeout = duration(ACK_TIMEOUT, Duration.ofSeconds(60));
        int appliers = integer(APPLIERS, 1);
        String partitionBy = conf.raw(PARTITION_BY, "").trim();
        try {
            return new WriterConfig(base.resolve(database), sync, batchSize, interval, capacity, timeout,
                    new Layout(appliers, partitionBy.isEmpty() ? null : partitionBy));
        } catch (IllegalArgumentException e) {
            // values that parse but do not fit together (a queue smaller than a batch)
            throw new IllegalArgumentException("batch writer settings in " + conf.source() + ": " + e.getMessage(), e);
        }
    }

    private int integer(String key, int dflt) {
        return parse(key, SettingValueParsers.INT, dflt);
    }

    /** Durations as in neo4j.conf, by Neo4j's own parser: 250ms, 2s, 1m (a bare number is seconds). */
    private Duration duration(String key, Duration dflt) {
        return parse(key, SettingValueParsers.DURATION, dflt);
    }

    private <T> T parse(String key, SettingValueParser<T> parser, T dflt) {
        return conf.parse(key, parser, dflt);
    }
}
