package io.graphperf.engines.kuzu;

import io.graphperf.core.measure.InProcess;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;
import io.graphperf.core.measure.Closed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Writes measured inside Kuzu's host by several clients at once: every acknowledged id stored once, whatever the shape. */
class KuzuWritesIT {

    @Test
    void concurrentClientsWriteEveryIdOnceInEachShape(@TempDir Path dir) throws Exception {
        try (Engine e = KuzuEngineIT.engines(dir.resolve("trial")).start("writes")) {
            for (IdWrites w : List.of(
                    new IdWrites("single", "CREATE (:User {user_id: $id})", IdWrites.Shape.EACH_STATEMENT, 1, TxMode.EXPLICIT, 1),
                    new IdWrites("tx10", "CREATE (:User {user_id: $id})", IdWrites.Shape.EACH_STATEMENT, 10, TxMode.EXPLICIT, 10),
                    new IdWrites("unwind", "UNWIND $rows AS row CREATE (:User {user_id: row.id})", IdWrites.Shape.ROWS, 100, TxMode.EXPLICIT, 100))) {
                e.reset();
                e.execute("CREATE NODE TABLE User(user_id INT64, PRIMARY KEY(user_id))");
                Measurement m = InProcess.measure(e, InProcessPlan.of(w, new RunPlan(new Closed(4), new Warmup.Fixed(Duration.ZERO), Duration.ofMinutes(2), 50,
                        Duration.ofMillis(200), RunPlan.DEFAULT_BATCHES, null), null));
                assertEquals(0, m.outcomes().errors(), w.type() + ": " + m.outcomes().errorSamples());
                assertEquals(200, m.throughput().ops(), w.type());
                assertEquals(200L * w.perOperation(), e.queryLong("MATCH (n:User) RETURN count(DISTINCT n.user_id)"), w.type());
                assertEquals(200L * w.perOperation(), e.queryLong("MATCH (n:User) RETURN count(n)"), w.type());
            }
        }
    }
}
