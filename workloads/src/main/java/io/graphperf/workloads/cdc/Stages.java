package io.graphperf.workloads.cdc;

import java.util.Map;

/**
 * When each stage of graphperf's pipeline had handled a transfer's events, from the source's and sink's counters read every
 * {@value #EVERY_MS} ms while it runs (milliseconds from the source call; NaN when not reached): the first event published,
 * all published (Kafka acknowledged them), the first and the last applied in the sink.
 */
final class Stages {

    static final int EVERY_MS = 20;

    private final Pipeline p;
    private final long n, published0, applied0;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long firstPublished = -1, allPublished = -1, firstApplied = -1, allApplied = -1;
    private long t0;

    private Stages(Pipeline p, long n, long published0, long applied0) {
        this.p = p;
        this.n = n;
        this.published0 = published0;
        this.applied0 = applied0;
        this.thread = new Thread(this::run, "graphperf-cdc-stages");
        this.thread.setDaemon(true);
    }

    static Stages watch(Pipeline p, long n) throws Exception {
        Stages s = new Stages(p, n, count(p.metrics(p.source(), false), "source.published"), count(p.metrics(p.sink(), false), "sink.applied"));
        s.t0 = System.nanoTime();
        s.thread.start();
        return s;
    }

    private static long count(Map<String, Object> m, String key) {
        return m.get(key) instanceof Number x ? x.longValue() : 0;
    }

    private void run() {
        while (running) {
            try {
                long pub = count(p.metrics(p.source(), false), "source.published") - published0;
                long app = count(p.metrics(p.sink(), false), "sink.applied") - applied0;
                long now = System.nanoTime();
                if (pub > 0 && firstPublished < 0) firstPublished = now;
                if (pub >= n && allPublished < 0) allPublished = now;
                if (app > 0 && firstApplied < 0) firstApplied = now;
                if (app >= n && allApplied < 0) allApplied = now;
                Thread.sleep(EVERY_MS);
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                // a database restarting: read again
            }
        }
    }

    void stop(long callStart) {
        running = false;
        thread.interrupt();
        t0 = callStart;
    }

    double firstPublishedMs() {
        return ms(firstPublished);
    }

    double allPublishedMs() {
        return ms(allPublished);
    }

    double firstAppliedMs() {
        return ms(firstApplied);
    }

    double allAppliedMs() {
        return ms(allApplied);
    }

    private double ms(long at) {
        return at < 0 ? Double.NaN : (at - t0) / 1e6;
    }
}
