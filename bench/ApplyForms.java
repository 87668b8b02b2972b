import io.graphperf.components.batchwriter.UnwindRewriter;
import io.graphperf.components.batchwriter.neo4j.FastCreate;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Transaction;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The applier's CPU per row for three ways of applying batches of one CREATE statement (bench/apply-forms.sh): the general
 * {@code UNWIND $rows AS row CALL (row) { … }}, the plain {@code UNWIND $rows AS row CREATE …} the writer uses for CREATE-only
 * statements, and its fast path for one node with labels and parameters (FastCreate, the Java API without Cypher). One thread, an embedded Neo4j with the index on :User(user_id), 1,000-row transactions; the forms alternate round by
 * round (the first round is a warm-up), and each round's CPU time of the applying thread is divided by its rows.
 */
public class ApplyForms {
    public static void main(String[] args) throws Exception {
        double seconds = Double.parseDouble(args[0]);
        int rounds = Integer.parseInt(args[1]);
        String statement = "CREATE (me:User {user_id:$id})";
        Map<String, String> forms = new LinkedHashMap<>();
        forms.put("call", "UNWIND $rows AS row CALL (row) { " + UnwindRewriter.rewriteParameters(statement) + " }");
        forms.put("plain", UnwindRewriter.batched(statement));
        forms.put("fast", UnwindRewriter.batched(statement));
        FastCreate fast = FastCreate.of(UnwindRewriter.batched(statement)).orElseThrow();
        Path home = Files.createTempDirectory("graphperf-apply-forms");
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(GraphDatabaseSettings.pagecache_memory, 512L << 20)
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                .build();
        try {
            GraphDatabaseService db = dbms.database("neo4j");
            db.executeTransactionally("CREATE INDEX user_id IF NOT EXISTS FOR (u:User) ON (u.user_id)");
            db.executeTransactionally("CALL db.awaitIndexes(60)");
            forms.forEach((name, text) -> System.out.println(name + ": " + (name.equals("fast") ? "the writer's fast path for " + text : text)));
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Map<String, List<Double>> perRow = new LinkedHashMap<>();
            long id = 0;
            for (int r = 0; r < rounds; r++) {
                for (Map.Entry<String, String> f : forms.entrySet()) {
                    long end = System.nanoTime() + (long) (seconds * 1e9), cpu = threads.getCurrentThreadCpuTime(), rows = 0;
                    while (System.nanoTime() < end) {
                        List<Map<String, Object>> batch = new ArrayList<>(1000);
                        for (int i = 0; i < 1000; i++) {
                            Map<String, Object> row = new HashMap<>();
                            row.put("id", id++);
                            batch.add(row);
                        }
                        try (Transaction tx = db.beginTx()) {
                            if (!f.getKey().equals("fast")) tx.execute(f.getValue(), Map.of("rows", batch)).close();
                            else if (!fast.apply(tx, batch)) throw new IllegalStateException("the fast path refused its rows");
                            tx.commit();
                        }
                        rows += 1000;
                    }
                    double us = (threads.getCurrentThreadCpuTime() - cpu) / 1e3 / rows;
                    System.out.printf("round %d %-6s %6.2f µs of CPU a row%s%n", r, f.getKey(), us, r == 0 ? " (warm-up)" : "");
                    if (r > 0) perRow.computeIfAbsent(f.getKey(), k -> new ArrayList<>()).add(us);
                }
            }
            for (String form : List.of("plain", "fast")) {
                List<Double> call = perRow.get("call"), other = perRow.get(form), ratio = new ArrayList<>();
                for (int i = 0; i < call.size(); i++) ratio.add(other.get(i) / call.get(i));
                Collections.sort(ratio);
                System.out.printf("%s / call, round by round: median %.2f (lowest %.2f, highest %.2f) over %d rounds%n", form,
                        ratio.get(ratio.size() / 2), ratio.get(0), ratio.get(ratio.size() - 1), ratio.size());
            }
        } finally {
            dbms.shutdown();
        }
    }
}
