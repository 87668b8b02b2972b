package io.graphperf.components.gateway.server;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes the gateway holds for clients — requests received and not yet answered, responses being encoded, encoded responses not yet
 * written to the socket — against a limit: one budget per connection within one for the whole gateway. A reservation either fits
 * both or takes nothing. A small one ({@link #reserveSmall}) must fit its connection's budget only: a well-behaved client's requests
 * and answers go through however much other clients hold, while every large result competes for the gateway's budget.
 */
final class Budget {

    private final String name;
    private final long limit;
    private final Budget whole;
    private final AtomicLong held = new AtomicLong();

    Budget(String name, long limit, Budget whole) {
        this.name = name;
        this.limit = limit;
        this.whole = whole;
    }

    /** Reserves n bytes here and in the whole; false, with nothing taken, when either would pass its limit. */
    boolean reserve(long n) {
        if (!take(n)) return false;
        if (whole != null && !whole.reserve(n)) {
            held.addAndGet(-n);
            return false;
        }
        return true;
    }

    /** Reserves n bytes here, counting them in the whole whatever its limit; false, with nothing taken, when this budget would pass its limit. */
    boolean reserveSmall(long n) {
        if (!take(n)) return false;
        if (whole != null) whole.force(n);
        return true;
    }

    /** Counts n bytes whatever the limit (a small response must go out; the budget still sees it). */
    void force(long n) {
        held.addAndGet(n);
        if (whole != null) whole.force(n);
    }

    void release(long n) {
        held.addAndGet(-n);
        if (whole != null) whole.release(n);
    }

    private boolean take(long n) {
        while (true) {
            long h = held.get();
            if (h + n > limit) return false;
            if (held.compareAndSet(h, h + n)) return true;
        }
    }

    long held() {
        return held.get();
    }

    long limit() {
        return limit;
    }

    /** Which budget a failed reservation hit, for the message: this one or the whole gateway's. */
    String refusal(long n) {
        if (held.get() + n > limit || whole == null) {
            return "this connection holds " + held.get() + " bytes of requests and responses its client has not read (" + name + "=" + limit + ")";
        }
        return "the gateway holds " + whole.held() + " bytes for all its clients (" + whole.name + "=" + whole.limit + ")";
    }
}
