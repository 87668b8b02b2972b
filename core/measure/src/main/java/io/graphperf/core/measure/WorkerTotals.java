package io.graphperf.core.measure;

import java.util.ArrayList;
import java.util.List;

/** The client threads' counters of one cell, added up once they have ended. */
final class WorkerTotals {

    long ops, entities, errors, acked, ackedEntities, late, scheduled, dropped, clamped, lastEnd;
    double work, entityWork;
    final List<String> errorSamples = new ArrayList<>();

    static WorkerTotals of(List<ExecutionContext.Worker> workers) {
        WorkerTotals t = new WorkerTotals();
        for (ExecutionContext.Worker w : workers) {
            t.ops += w.windowOps;
            t.entities += w.windowEntities;
            t.work += w.windowWork;
            t.entityWork += w.windowEntityWork;
            t.errors += w.windowErrors;
            t.acked += w.acknowledgedOps;
            t.ackedEntities += w.acknowledgedEntities;
            t.late += w.lateStarts;
            t.scheduled += w.startedInWindow;
            t.dropped += w.dropped;
            t.clamped += w.clamped;
            t.lastEnd = Math.max(t.lastEnd, w.lastEnd);
            for (String e : w.errorSamples) if (t.errorSamples.size() < 5 && !t.errorSamples.contains(e)) t.errorSamples.add(e);
        }
        return t;
    }

    /**
     * The window's throughput: the completions inside it counted, the rates from the operations' shares inside it ({@link WindowShare}).
     * A window of a fixed count of operations ends with its last one: its rates are its completions over its length.
     */
    Measurement.Throughput throughput(double windowSeconds, boolean fixedCount, List<Interval> timeline, List<Double> batchRates) {
        double done = fixedCount ? ops : work, doneEntities = fixedCount ? entities : entityWork;
        return new Measurement.Throughput(windowSeconds, ops, done / windowSeconds, entities, doneEntities / windowSeconds, timeline, batchRates);
    }
}
