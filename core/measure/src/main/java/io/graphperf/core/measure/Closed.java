package io.graphperf.core.measure;


import java.util.ArrayList;
import java.util.List;

/**
 * The closed model (k6's "constant-vus"): N clients, each sends its next operation as soon as the previous
 * one returns. Latency is measured from the actual send; throughput is what the engine sustains at that
 * concurrency. With an operation count, each client stops after that many operations in the window (a
 * study's repeat count) and the window ends with the last of them. With a {@link Segment} (one agent of several) this agent
 * runs its own clients only ({@code client mod agents == index}).
 */
public record Closed(int clients, Segment segment) implements Executor {

    public Closed {
        if (clients < 1) throw new IllegalArgumentException("clients must be at least 1, got " + clients);
        segment.check(clients);
    }

    public Closed(int clients) {
        this(clients, Segment.WHOLE);
    }

    @Override
    public Closed withClients(int n) {
        return new Closed(n, segment);
    }

    @Override
    public Closed withSegment(Segment s) {
        return new Closed(clients, s);
    }

    @Override
    public LoadModelName model() {
        return LoadModelName.CLOSED;
    }

    @Override
    public String describe() {
        return "closed model, " + clients + " client(s) as fast as possible" + (segment.whole() ? "" : "; this agent's clients of segment " + segment);
    }

    @Override
    public Execution start(ExecutionContext ctx) {
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            if (!segment.owns(c)) {
                ctx.worker(c).done(); // another agent's client: nothing to wait for here
                continue;
            }
            int client = c;
            threads.add(ctx.thread("graphperf-client-" + c, () -> loop(ctx, client)));
        }
        return ExecutionContext.join(threads);
    }

    private static void loop(ExecutionContext ctx, int client) {
        ExecutionContext.Worker w = ctx.worker(client);
        long limit = ctx.operationsPerClient();
        long seq = 0;
        try {
            ctx.awaitStart();
            while (true) {
                long now = System.nanoTime();
                if (now >= ctx.windowEnd() || ctx.stopped()) break;
                if (limit > 0 && w.startedInWindow() >= limit) break;
                var op = ctx.next(client, seq); // parameters are built before the clock starts
                long start = System.nanoTime();
                w.execute(client, seq, op, start, start);
                seq++;
            }
        } finally {
            ctx.accounting().issued(client, seq);
            w.done();
        }
    }
}
