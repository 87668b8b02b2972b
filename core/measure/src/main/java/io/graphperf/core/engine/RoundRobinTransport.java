package io.graphperf.core.engine;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One transport over a group of servers: each client's session goes to the next server in turn, so clients (and
 * their connections) are spread evenly; a session stays on its server.
 */
public final class RoundRobinTransport implements Transport {

    private final List<Transport> members;
    private final AtomicInteger next = new AtomicInteger();

    public RoundRobinTransport(List<Transport> members) {
        if (members.isEmpty()) throw new IllegalArgumentException("a round-robin transport needs at least one server");
        this.members = List.copyOf(members);
    }

    @Override
    public Session openSession() throws Exception {
        return members.get(Math.floorMod(next.getAndIncrement(), members.size())).openSession();
    }

    @Override
    public String clientWork() {
        return members.get(0).clientWork();
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        for (Transport t : members) {
            try {
                t.close();
            } catch (Exception e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        if (first != null) throw first;
    }
}
