package io.graphperf.workloads.safety;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.IndexState;
import io.graphperf.workloads.options.EngineCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FalkorDB reopened on a store whose append-only file re-created an index after a reset — the safety study's phases — is handed over
 * with that index operational: a server that has just loaded the file answers before it has rebuilt the index, and plans every lookup
 * meanwhile as a scan of the label (the by-key check after a reopen waited minutes; bench/falkordb-aof-index.py).
 */
class FalkorDbReopenIT {

    @Test
    void aReopenedStoreIsHandedOverWithItsIndexesOperational(@TempDir Path dir) throws Exception {
        Path home = Path.of(System.getProperty("graphperf.home", "../"));
        Engines engines = EngineCatalog.onClassPath().modules().get("falkordb").engines(new EngineDescriptor.Context(dir.resolve("trial"), dir.resolve("trial"),
                home, "256m", 128L << 20, Map.of(), false));
        String index = "CREATE INDEX FOR (n:User) ON (n.user_id)", unwind = "UNWIND range($from, $from + 9999) AS i CREATE (:User {user_id: i})";
        try (Engine e = engines.start("s")) {
            e.execute(index);
            for (long i = 0; i < 1000; i++) e.execute("CREATE (:User {user_id: $id})", Map.of("id", i));
            e.reset(); // the study's next phase: the graph deleted, its index made again, more written
            for (long from = 0; from < 1_000_000; from += 10_000) e.execute(unwind, Map.of("from", from));
            e.awaitIndexesOnline();
        }
        // a million nodes: the server takes seconds to rebuild the index after loading its file (more than the engine's own start)
        try (Engine e = engines.start("s")) {
            List<IndexState> states = e.indexStates();
            assertTrue(!states.isEmpty() && states.stream().allMatch(s -> s.state().equals("ONLINE")), "operational when handed over: " + states);
            List<Object> ids = new ArrayList<>();
            for (long i = 0; i < 1_000_000; i += 1000) ids.add(i);
            assertEquals(1000, e.queryColumn("UNWIND $ids AS id MATCH (n:User) WHERE n.user_id = id RETURN n.user_id", Map.of("ids", ids)).size());
        } finally {
            engines.deleteStore("s");
        }
    }
}
