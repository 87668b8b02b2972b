package io.graphperf.core.measure;

/**
 * A load model that owns its loop, named as in k6: it decides when each client sends its next operation;
 * the {@link ExecutionContext} times and records every call. One file per executor, each with its
 * configuration as a record ({@link io.graphperf.core.measure.executors}); a ramping executor is one more.
 */
public interface Executor {

    /** Stable name used in reports, run.json and results.csv: {@code closed} or {@code open}. */
    String name();

    /** Client threads (the open model's pool that sends the scheduled operations). */
    int clients();

    /** One sentence for the report. */
    String describe();

    /** The offered rate in operations per second, for open models; null for closed ones. */
    default Double offeredPerSecond() {
        return null;
    }

    /** Which per-interval figure tells whether a cell is steady under this model. */
    default Signal signal() {
        return Signal.THROUGHPUT;
    }

    /** Starts the client threads; they wait for the context's start time and run until it says stop. */
    Execution start(ExecutionContext context);

    /** The running clients of one cell. */
    interface Execution {
        /** Waits for every client thread to end, until the deadline; false when some are still running. */
        boolean join(long deadlineNanos) throws InterruptedException;
    }

    /**
     * The per-interval figure judged for steadiness: throughput when the clients set the pace (closed), the
     * median latency when the schedule does (open: throughput is the offered rate as long as the engine keeps up).
     */
    enum Signal {
        THROUGHPUT("throughput"), MEDIAN_LATENCY("median latency");

        public final String text;

        Signal(String text) {
            this.text = text;
        }
    }
}
