package io.graphperf.core.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A load model that owns its loop, named as in k6: it decides when each client sends its next operation;
 * the {@link ExecutionContext} times and records every call. One file per executor, each with its
 * configuration as a record ({@link Closed}, {@link Open}, {@link Ramping}; {@link Segment} is one agent's part of any). Built once from the options, then carried as a value — to an engine host, to a load agent — as JSON
 * with its {@code model}; changed only through {@link #withClients} and {@link #withSegment}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "model")
@JsonSubTypes({@JsonSubTypes.Type(value = Closed.class, name = "closed"), @JsonSubTypes.Type(value = Open.class, name = "open"),
        @JsonSubTypes.Type(value = Ramping.class, name = "ramping")})
public sealed interface Executor permits Closed, Open, Ramping {

    /** Which load model this is (written as the type's name, "model", not as a property of its own). */
    @JsonIgnore
    LoadModelName model();

    /** Stable name used in reports, run.json and results.csv: {@code closed}, {@code open} or {@code ramping}. */
    default String name() {
        return model().id();
    }

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

    /** The same load model with {@code clients} clients (a scenario that fixes its own). */
    Executor withClients(int clients);

    /** The same load model, this agent's {@code segment} of it. */
    Executor withSegment(Segment segment);

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
