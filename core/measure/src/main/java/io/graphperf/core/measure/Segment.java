package io.graphperf.core.measure;

/**
 * One agent's part of a schedule split over several agents (k6's execution segments, striped): slot s of the
 * single-agent schedule — its intended start, its client {@code s mod clients} and that client's operation {@code s div clients} —
 * belongs to agent {@code s mod of}. The agents' parts together are the single-agent schedule exactly, slot for slot, whoever
 * sends them; with a client count that is a multiple of {@code of}, each agent sends every operation of its own clients
 * ({@code client mod of == index}), so written ids and the accounting of each client stay in one agent.
 *
 * @param index this agent, 0 to of − 1 (a Kubernetes indexed Job's JOB_COMPLETION_INDEX)
 * @param of    the number of agents
 */
public record Segment(int index, int of) {

    /** The whole schedule: one agent. */
    public static final Segment WHOLE = new Segment(0, 1);

    public Segment {
        if (of < 1) throw new IllegalArgumentException("a schedule splits over at least 1 agent, not " + of);
        if (index < 0 || index >= of) throw new IllegalArgumentException("agent " + index + " is not one of 0 to " + (of - 1));
    }

    /** "i/N", i counted from 0 (as a Kubernetes indexed Job counts its pods). */
    public static Segment parse(String s) {
        String[] p = s.trim().split("/");
        try {
            if (p.length == 2) return new Segment(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()));
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("'" + s + "' is not a segment: give i/N, the agent i (0 to N − 1) of N");
    }

    /** The single-agent slot of this agent's {@code k}-th slot. */
    public long slot(long k) {
        return k * of + index;
    }

    /** Whether this agent sends client {@code client}'s operations. */
    public boolean owns(int client) {
        return client % of == index;
    }

    /** The client count must be a multiple of the agents, so that each client's operations stay in one agent. */
    public void check(int clients) {
        if (clients % of != 0) {
            throw new IllegalArgumentException(clients + " clients do not split over " + of + " agents: give a multiple of " + of
                    + " (each agent sends whole clients' schedules, so ids and accounting stay exact)");
        }
    }

    /**
     * How many operations client {@code client} was handed when this agent's slots 0 .. {@code slots} − 1 went out: its operations
     * whose single-agent slot is at most this agent's last one.
     */
    public long issued(int client, int clients, long slots) {
        if (slots <= 0 || !owns(client)) return 0;
        long last = slot(slots - 1);
        return last < client ? 0 : (last - client) / clients + 1;
    }

    public boolean whole() {
        return of == 1;
    }

    @Override
    public String toString() {
        return index + "/" + of;
    }
}
