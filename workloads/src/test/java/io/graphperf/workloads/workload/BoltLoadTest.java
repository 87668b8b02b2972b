package io.graphperf.workloads.workload;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.workloads.StandInEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Bolt loader's batches and its failures, against a stand-in server (no database): rows written once, a failure never a hang. */
class BoltLoadTest {

    @TempDir
    Path dir;

    private ImportFiles files() throws IOException {
        Files.writeString(dir.resolve("P-header.csv"), "id:ID(P),name\n");
        Files.writeString(dir.resolve("K-header.csv"), ":START_ID(P),:END_ID(P),w:int\n");
        StringBuilder p = new StringBuilder(), k = new StringBuilder();
        for (int i = 1; i <= 2000; i++) {
            p.append(i).append(",n").append(i).append('\n');
            k.append(i).append(',').append(i % 2000 + 1).append(',').append(i).append('\n');
        }
        Files.writeString(dir.resolve("P-part-1.csv"), p);
        Files.writeString(dir.resolve("K-part-1.csv"), k);
        return ImportFiles.of(List.of("--nodes=P=" + dir.resolve("P-header.csv") + "," + dir.resolve("P-part-1.csv"), "--relationships=K="
                + dir.resolve("K-header.csv") + "," + dir.resolve("K-part-1.csv")), "test");
    }

    /** An empty stand-in server whose statements (each a batch) succeed until {@code failAfter} of them ran, then all fail. */
    static final class StandIn extends StandInEngine {
        final AtomicInteger left;
        final AtomicLong rows = new AtomicLong();
        final List<String> executed = new ArrayList<>();

        StandIn(int failAfter) {
            left = new AtomicInteger(failAfter);
        }

        @Override
        public Transport transport(TransportName name) {
            return new Transport() {

                @Override
                public Session openSession() {
                    return new Session() {
                        @Override
                        public void execute(Operation op) {
                        }

                        @SuppressWarnings("unchecked")
                        @Override
                        public List<List<Object>> fetch(Statement st) throws Exception {
                            Thread.sleep(1);
                            if (left.decrementAndGet() < 0) throw new IllegalStateException("connection lost (stand-in)");
                            long n = ((List<Map<String, Object>>) st.params().get("rows")).size();
                            rows.addAndGet(n);
                            return List.of(List.of(n));
                        }
                    };
                }
            };
        }

        @Override
        public synchronized void execute(String statement) {
            executed.add(statement);
        }

        @Override
        public List<Object> queryColumn(String statement, Map<String, Object> parameters) {
            return List.of();
        }
    }

    @Test
    void everyRowIsSentOnceInBatchesAfterTheKeysConstraint() throws Exception {
        StandIn s = new StandIn(Integer.MAX_VALUE);
        BoltLoad.Outcome o = new BoltLoad(s, files(), 3, 300, false, ProgressListener.NONE).load();
        assertEquals(4000, s.rows.get());
        assertEquals(2000, o.nodes());
        assertEquals(2000, o.relationships());
        assertEquals(14, o.batches(), "7 batches of at most 300 rows a table");
        assertTrue(s.executed.get(0).startsWith("CREATE CONSTRAINT IF NOT EXISTS FOR (n:`P`) REQUIRE n.`id` IS UNIQUE"), s.executed.toString());
    }

    @Test
    void aServerThatFailsPartWayEndsTheLoadWithItsErrorNeverAHang() throws Exception {
        ImportFiles files = files();
        // 28 batches: failures at the start, in the middle, and after every batch is queued (the workers then hold the last ones)
        for (int threads : new int[]{1, 2, 4, 8}) {
            for (int failAfter : new int[]{0, 1, 13, 24, 25, 26, 27}) {
                StandIn s = new StandIn(failAfter);
                int t = threads;
                UserError e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(UserError.class,
                        () -> new BoltLoad(s, files, t, 150, false, ProgressListener.NONE).load()), threads + " threads, failing after " + failAfter);
                assertTrue(e.getMessage().contains("connection lost (stand-in)") && e.getMessage().contains("over Bolt failed"), e.getMessage());
            }
        }
    }
}
