package io.graphperf.core.engine;

import io.graphperf.core.UserError;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A round-robin group of servers holding the same data (copies of one store, or a user's servers): clients are
 * spread over them in turn ({@link RoundRobinTransport}). Setup and schema statements and resets go to every
 * server, so the copies stay alike; questions (counts, rows) go to the first, since every copy answers alike.
 * The in-process transport measures one server's process and is not offered.
 */
public final class EngineGroup implements Engine {

    private final List<Engine> members;

    public EngineGroup(List<Engine> members) {
        if (members.isEmpty()) throw new IllegalArgumentException("a group needs at least one server");
        this.members = List.copyOf(members);
    }

    /** One engine as it is, several as a group. */
    public static Engine of(List<Engine> members) {
        return members.size() == 1 ? members.get(0) : new EngineGroup(members);
    }

    public List<Engine> members() {
        return members;
    }

    private Engine first() {
        return members.get(0);
    }

    @Override
    public String description() {
        return "round-robin group of " + members.size() + " servers: " + String.join("; ", members.stream().map(Engine::description).toList());
    }

    @Override
    public DialectName dialect() {
        return first().dialect();
    }

    @Override
    public List<TransportName> transports() {
        return first().transports().stream().filter(t -> members.stream().allMatch(m -> m.transports().contains(t))).toList();
    }

    @Override
    public Transport transport(TransportName name) throws Exception {
        List<Transport> opened = new ArrayList<>();
        try {
            for (Engine m : members) opened.add(m.transport(name));
        } catch (Exception e) {
            for (Transport t : opened) {
                try {
                    t.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
        return new RoundRobinTransport(opened);
    }

    @Override
    public void execute(String statement) throws Exception {
        for (Engine m : members) m.execute(statement);
    }

    @Override
    public void execute(String statement, Map<String, Object> parameters) throws Exception {
        for (Engine m : members) m.execute(statement, parameters);
    }

    @Override
    public List<Object> queryColumn(String statement, Map<String, Object> parameters) throws Exception {
        return first().queryColumn(statement, parameters);
    }

    @Override
    public long queryLong(String statement) throws Exception {
        return first().queryLong(statement);
    }

    @Override
    public List<IndexState> indexStates() throws Exception {
        return first().indexStates();
    }

    @Override
    public Optional<PageCacheState> pageCache() throws Exception {
        return first().pageCache();
    }

    @Override
    public List<List<Object>> fetchInProcess(Statement statement) throws Exception {
        return first().fetchInProcess(statement);
    }

    @Override
    public void awaitIndexesOnline() throws Exception {
        for (Engine m : members) m.awaitIndexesOnline();
    }

    @Override
    public void reset() throws Exception {
        for (Engine m : members) m.reset();
    }

    @Override
    public String resetMethod() {
        return first().resetMethod() + ", on every server of the group";
    }

    @Override
    public Map<String, Object> environment() {
        Map<String, Object> env = new LinkedHashMap<>(first().environment());
        env.put("servers", members.size());
        env.put("serverDescriptions", members.stream().map(Engine::description).toList());
        return env;
    }

    @Override
    public void checkHealthy() {
        for (Engine m : members) m.checkHealthy();
    }

    @Override
    public Engine client(int connections) throws Exception {
        List<Engine> clients = new ArrayList<>();
        try {
            for (Engine m : members) clients.add(m.client(connections));
        } catch (Exception e) {
            for (Engine c : clients) c.close();
            throw e;
        }
        return new EngineGroup(clients);
    }

    @Override
    public OptionalLong serverPid() {
        return first().serverPid();
    }

    @Override
    public List<Long> serverPids() {
        List<Long> pids = new ArrayList<>();
        for (Engine m : members) pids.addAll(m.serverPids());
        return pids;
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (Engine m : members) {
            try {
                m.close();
            } catch (RuntimeException e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        if (first != null) throw first;
    }
}
