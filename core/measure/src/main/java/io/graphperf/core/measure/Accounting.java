package io.graphperf.core.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which operations of a cell were acknowledged, per client: operation {@code seq} of client {@code c} is
 * acknowledged when {@code seq < issued(c)} and it is not listed as not acknowledged (it failed, or the open
 * model dropped it). Workloads whose writes carry ids derived from (client, seq) check the engine against
 * this, id by id, instead of comparing totals (where one lost write and one unacknowledged commit cancel out).
 * Beyond {@link #LIMIT} unacknowledged operations the accounting stops listing them and says it is inexact.
 */
public final class Accounting {

    static final int LIMIT = 1_000_000;

    /** @param notAcknowledged sorted sequence numbers of this client's operations that were not acknowledged */
    public record Client(int client, long issued, long[] notAcknowledged) {
        public long acknowledged() {
            return issued - notAcknowledged.length;
        }

        public boolean acknowledged(long seq) {
            return seq >= 0 && seq < issued && Arrays.binarySearch(notAcknowledged, seq) < 0;
        }
    }

    private final long[] issued;
    private final long[][] notAcked;
    private final int[] notAckedCount;
    private int total;
    private boolean exact = true;

    public Accounting(int clients) {
        issued = new long[clients];
        notAcked = new long[clients][];
        notAckedCount = new int[clients];
        for (int i = 0; i < clients; i++) notAcked[i] = new long[4];
    }

    /** Client {@code client} was handed operations 0 .. issued − 1 (each executed or dropped). */
    public synchronized void issued(int client, long count) {
        issued[client] = Math.max(issued[client], count);
    }

    /** An operation that was never sent (its slot was skipped): not acknowledged. */
    public void notSent(int client, long seq) {
        notAcknowledged(client, seq);
    }

    synchronized void notAcknowledged(int client, long seq) {
        if (total >= LIMIT) {
            exact = false;
            return;
        }
        if (notAckedCount[client] == notAcked[client].length) notAcked[client] = Arrays.copyOf(notAcked[client], notAcked[client].length * 2);
        notAcked[client][notAckedCount[client]++] = seq;
        total++;
    }

    /** The accounting as plain values, to carry it out of an engine's process. */
    public record Snapshot(boolean exact, List<Client> clients) {
    }

    public Snapshot snapshot() {
        return new Snapshot(exact(), clients());
    }

    /** The accounting a snapshot was taken of. */
    public static Accounting of(Snapshot s) {
        Accounting a = new Accounting(s.clients().size());
        for (Client c : s.clients()) {
            a.issued[c.client()] = c.issued();
            a.notAcked[c.client()] = c.notAcknowledged().clone();
            a.notAckedCount[c.client()] = c.notAcknowledged().length;
            a.total += c.notAcknowledged().length;
        }
        a.exact = s.exact();
        return a;
    }

    public synchronized boolean exact() {
        return exact;
    }

    public synchronized List<Client> clients() {
        List<Client> out = new ArrayList<>();
        for (int c = 0; c < issued.length; c++) {
            long[] s = Arrays.copyOf(notAcked[c], notAckedCount[c]);
            Arrays.sort(s);
            out.add(new Client(c, issued[c], s));
        }
        return out;
    }

    public synchronized long acknowledged() {
        long sum = 0;
        for (int c = 0; c < issued.length; c++) sum += issued[c] - notAckedCount[c];
        return sum;
    }
}
