package io.graphperf.workloads.reads;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineGroup;
import io.graphperf.core.engine.Engines;

import java.util.List;
import java.util.Map;

/**
 * Where E2's servers come from: graphperf's loaded store (started, restarted with settings, copied for groups) or the
 * user's servers, which are connected as they are — the first alone, all of them as the round-robin group.
 */
interface Servers {

    /** The server the study's main cells run on. */
    Engine start() throws Exception;

    /** A server started with settings (a worker pool); false from {@link #settable()} when it cannot be. */
    Engine start(Map<String, String> settings) throws Exception;

    /** A round-robin group of {@code n} servers. */
    Engine group(int n) throws Exception;

    /** Whether graphperf starts these servers (so it can restart them and set their settings). */
    boolean settable();

    static Servers of(BulkImport store) {
        return new Servers() {
            @Override
            public Engine start() throws Exception {
                return store.start();
            }

            @Override
            public Engine start(Map<String, String> settings) throws Exception {
                return store.start(settings, 0);
            }

            @Override
            public Engine group(int n) throws Exception {
                return store.startGroup(n, Map.of(), 0);
            }

            @Override
            public boolean settable() {
                return true;
            }
        };
    }

    /** The user's servers: the first for the main cells, every one of them as the group (closing a connection leaves the server running). */
    static Servers users(Engines engines) {
        return new Servers() {
            @Override
            public Engine start() throws Exception {
                Engine all = engines.connect();
                if (!(all instanceof EngineGroup g)) return all;
                List<Engine> members = g.members();
                for (Engine other : members.subList(1, members.size())) other.close();
                return members.get(0);
            }

            @Override
            public Engine start(Map<String, String> settings) {
                throw new UnsupportedOperationException("graphperf cannot change the settings of your servers");
            }

            @Override
            public Engine group(int n) throws Exception {
                Engine all = engines.connect();
                int size = all instanceof EngineGroup g ? g.members().size() : 1;
                if (size != n) {
                    all.close();
                    throw new IllegalStateException("a group of " + n + " from " + size + " given servers");
                }
                return all;
            }

            @Override
            public boolean settable() {
                return false;
            }
        };
    }
}
