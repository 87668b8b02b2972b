package io.graphperf.components.batchwriter;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the batch writer runs.
 *
 * @param directory     where its log ({@code writes.log}) and dead letters ({@code dead-letters.jsonl}) live
 * @param sync          fsync per write, or group commit every N ms
 * @param batchRows     the most writes applied in one transaction
 * @param batchInterval the longest a durable write waits for its batch to fill before it is applied anyway
 *                      (zero: apply whatever is ready as soon as the previous transaction is done); no
 *                      write waits while a client waits for an 'applied' acknowledgement
 * @param queueCapacity writes logged but not yet applied; a submit beyond it is refused, retryably
 * @param ackTimeout    how long a submit waits for its acknowledgement before it fails (the write itself
 *                      stays logged and is applied)
 * @param layout        how many appliers, and the parameter that picks a write's applier
 */
public record WriterConfig(Path directory, DurableLog.Sync sync, int batchRows, Duration batchInterval, int queueCapacity,
                           Duration ackTimeout, Layout layout) {

    public static final int DEFAULT_BATCH_ROWS = 1000;
    public static final Duration DEFAULT_BATCH_INTERVAL = Duration.ofMillis(10);
    public static final int DEFAULT_QUEUE_CAPACITY = 100_000;
    public static final long DEFAULT_GROUP_COMMIT_MS = 0;

    public WriterConfig {
        if (batchRows < 1) throw new IllegalArgumentException("batch size must be at least 1, was " + batchRows);
        if (batchInterval.isNegative()) throw new IllegalArgumentException("batch interval must not be negative");
        if (queueCapacity < batchRows) {
            throw new IllegalArgumentException("queue capacity (" + queueCapacity + ") must be at least the batch size (" + batchRows + ")");
        }
        if (layout == null) layout = Layout.SINGLE;
    }

    /** One applier. */
    public WriterConfig(Path directory, DurableLog.Sync sync, int batchRows, Duration batchInterval, int queueCapacity, Duration ackTimeout) {
        this(directory, sync, batchRows, batchInterval, queueCapacity, ackTimeout, Layout.SINGLE);
    }

    public WriterConfig withLayout(Layout layout) {
        return new WriterConfig(directory, sync, batchRows, batchInterval, queueCapacity, ackTimeout, layout);
    }

    public static WriterConfig defaults(Path directory) {
        return new WriterConfig(directory, DurableLog.Sync.group(DEFAULT_GROUP_COMMIT_MS), DEFAULT_BATCH_ROWS,
                DEFAULT_BATCH_INTERVAL, DEFAULT_QUEUE_CAPACITY, Duration.ofSeconds(60));
    }

    public String describe() {
        return sync + "; batches of up to " + batchRows + " rows, " + (batchInterval.isZero()
                ? "applied as soon as the previous batch commits" : "waiting at most " + batchInterval.toMillis() + " ms to fill unless an applied ack waits")
                + "; queue of " + queueCapacity + "; " + layout.describe();
    }
}
