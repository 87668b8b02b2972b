package io.graphperf.components.batchwriter;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * What {@link BatchWriter#submitAll} did with each write of a batch, in the order given: logged with its sequence number, or refused
 * or failed with its reason — each write alone. {@link #done()} completes (never exceptionally) once every logged write is
 * acknowledged as the batch's ack mode asks, or has failed; read the outcomes after it.
 */
public final class Submitted {

    private final long[] sequences;
    private final Throwable[] failures;
    private final CompletableFuture<Submitted> done = new CompletableFuture<>();

    Submitted(int size) {
        this.sequences = new long[size];
        this.failures = new Throwable[size];
    }

    public int size() {
        return sequences.length;
    }

    /** The write's sequence number in the log, or -1 when it failed. */
    public long sequence(int i) {
        return failures[i] == null ? sequences[i] : -1;
    }

    /**
     * Why the write failed, or null: {@link BatchWriter.Rejected} (the queue was full from it on: nothing of it was logged, retry it),
     * IllegalArgumentException (a parameter that cannot be logged), {@link BatchWriter.DeadLettered} (applied mode: the database
     * refused it), or the log's failure.
     */
    public Throwable failure(int i) {
        return failures[i];
    }

    /** True when every write was logged and acknowledged: their sequences are then consecutive, in the order given. */
    public boolean allLogged() {
        for (Throwable f : failures) if (f != null) return false;
        return true;
    }

    public CompletableFuture<Submitted> done() {
        return done;
    }

    void logged(int i, long sequence) {
        sequences[i] = sequence;
    }

    void failed(int i, Throwable why) {
        failures[i] = why instanceof CompletionException && why.getCause() != null ? why.getCause() : why;
    }

    void complete() {
        done.complete(this);
    }
}
