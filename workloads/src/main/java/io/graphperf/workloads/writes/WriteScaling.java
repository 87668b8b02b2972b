package io.graphperf.workloads.writes;

import io.graphperf.core.engine.BatchWriterCall;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Reference;
import io.graphperf.workloads.ComponentProbe;
import io.graphperf.workloads.CountCheck;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RatioTarget;
import io.graphperf.workloads.Scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * E4 — write scaling (spec: workloads.md, E4). The reference figures are from the original blog
 * (Neo4j 2.3, 4-core laptop, HTTP, 8 clients, 30 s).
 */
public final class WriteScaling implements Experiment {

    public static final String NAME = "writes";
    static final String SOURCE = "Neo4j blog on Cypher writes (Neo4j 2.3, 4-core laptop, HTTP, 8 clients)";
    static final String USER_INDEX = "CREATE INDEX graphperf_user_id IF NOT EXISTS FOR (u:User) ON (u.user_id)";
    static final String FOREACH = "FOREACH (r IN range(1,100) | CREATE (a {type:'User'}), (a)-[:REL {weight:1}]->(a))";
    static final String CREATE_UNLABELLED = "CREATE (me {user_id:$id})";
    static final String CREATE_LABELLED = "CREATE (me:User {user_id:$id})";
    static final String UNWIND = "UNWIND $rows AS row CREATE (:User {user_id: row.id})";
    static final String CALL_IN_TX = "UNWIND $rows AS row CALL (row) { CREATE (:User {user_id: row.id}) } IN TRANSACTIONS OF 1000 ROWS";
    static final int[] UNWIND_BATCHES = {1, 10, 100, 1000, 10000};
    static final int CALL_IN_TX_ROWS = 10_000;
    /** Issue 6: the batch writer against its two baselines with the same clients. */
    static final int[] WRITER_CLIENTS = {8, 32, 64};
    static final String SUBMIT = BatchWriterCall.SUBMIT;
    static final String USER_COUNT = "MATCH (n:User) RETURN count(n)";

    @Override public String name() { return NAME; }

    @Override public String title() { return "E4 — write scaling"; }

    @Override public String description() {
        return "Cypher write throughput: FOREACH-100, single CREATE (unlabelled / labelled / labelled+indexed), "
                + "1000 statements per transaction, UNWIND $rows batches of 1..10000, CALL {} IN TRANSACTIONS, "
                + "and graphperf's durable batch writer (both ack modes) against its baselines at 8, 32 and 64 clients";
    }

    @Override public int defaultClients() { return 8; }

    @Override public Duration defaultWarmup() { return Duration.ofSeconds(5); }

    @Override public Duration defaultDuration() { return Duration.ofSeconds(30); }

    @Override
    public List<Scenario> scenarios() {
        List<Scenario> s = new ArrayList<>();
        s.add(new Scenario("foreach-100", "FOREACH creating 100 nodes with a self-relationship each, one transaction per request",
                FOREACH, List.of(), single(FOREACH, null, 400),
                List.of(CountCheck.nodes(100), CountCheck.relationships(100)),
                new Reference("1,500 req/s = 600 k entities+properties/s", 600_000, Reference.ENTITIES, SOURCE),
                "nodes + relationships + properties (400 per request)"));
        s.add(singleCreate("create-unlabelled", "single CREATE of an unlabelled node", CREATE_UNLABELLED, false, "~8,000 nodes/s", 8_000));
        s.add(singleCreate("create-labelled", "single CREATE of a :User node", CREATE_LABELLED, false, "~600 nodes/s", 600));
        s.add(singleCreate("create-labelled-indexed", "single CREATE of a :User node with an index on :User(user_id)",
                CREATE_LABELLED, true, "~300 nodes/s", 300));
        s.add(perTransaction("tx1000-labelled-indexed", CREATE_LABELLED, true, "50 k nodes/s", 50_000));
        s.add(perTransaction("tx1000-labelled", CREATE_LABELLED, false, "100 k nodes/s", 100_000));
        s.add(perTransaction("tx1000-unlabelled", CREATE_UNLABELLED, false, "165 k nodes/s", 165_000));
        for (int batch : UNWIND_BATCHES) {
            s.add(new Scenario("unwind-" + batch, "UNWIND $rows of " + batch + " row(s) per transaction, :User nodes, indexed",
                    UNWIND, List.of(USER_INDEX), rows(UNWIND, "unwind-" + batch, batch, TxMode.EXPLICIT),
                    List.of(CountCheck.nodes(batch)), null, "nodes"));
        }
        s.add(new Scenario("call-in-tx", "CALL {} IN TRANSACTIONS OF 1000 ROWS over " + CALL_IN_TX_ROWS
                + " rows per request (auto-commit), :User nodes, indexed",
                CALL_IN_TX, List.of(USER_INDEX), rows(CALL_IN_TX, "call-in-tx", CALL_IN_TX_ROWS, TxMode.AUTOCOMMIT),
                List.of(CountCheck.nodes(CALL_IN_TX_ROWS)), null, "nodes"));
        for (int c : WRITER_CLIENTS) {
            s.add(new Scenario("create-labelled-indexed-c" + c, "single CREATE of a :User node, indexed, one transaction per request, "
                    + c + " clients (the batch writer's baseline)", CREATE_LABELLED, List.of(USER_INDEX),
                    single(CREATE_LABELLED, "create-labelled-indexed", 1), List.of(CountCheck.NODES), null, "nodes", c, null));
            s.add(new Scenario("unwind-1000-c" + c, "UNWIND $rows of 1000 rows per transaction, :User nodes, indexed, " + c
                    + " clients (the batch writer's ceiling)", UNWIND, List.of(USER_INDEX), rows(UNWIND, "unwind-1000", 1000, TxMode.EXPLICIT),
                    List.of(CountCheck.nodes(1000)), null, "nodes", c, null));
            for (String ack : List.of("durable", "applied")) s.add(batchWriter(ack, c));
        }
        return s;
    }

    @Override
    public List<RatioTarget> targets() {
        List<RatioTarget> t = new ArrayList<>();
        for (int c : WRITER_CLIENTS) {
            for (String ack : List.of("durable", "applied")) {
                String id = "batch-writer-" + ack + "-c" + c;
                t.add(new RatioTarget("batch writer (" + ack + " acks) vs one transaction per write, " + c + " clients", id,
                        "create-labelled-indexed-c" + c, 20));
                t.add(new RatioTarget("batch writer (" + ack + " acks) vs client-side UNWIND of 1000 rows, " + c + " clients", id,
                        "unwind-1000-c" + c, 0.8));
            }
        }
        return t;
    }

    /** Single labelled+indexed creations submitted one by one to the batch writer plugin, acknowledged as {@code ack}. */
    private static Scenario batchWriter(String ack, int clients) {
        String id = "batch-writer-" + ack + "-c" + clients;
        OperationSource ops = (client, seq) -> new Operation("batch-writer-" + ack, List.of(new Statement(SUBMIT,
                Map.of("statement", CREATE_LABELLED, "params", Map.of("id", userId(client, seq)), "ack", ack))), TxMode.AUTOCOMMIT, 1);
        return new Scenario(id, "single CREATE of a :User node (indexed) submitted to graphperf's batch writer, acknowledged when "
                + ("durable".equals(ack) ? "logged durably" : "committed") + ", " + clients + " clients",
                SUBMIT + "   with statement " + CREATE_LABELLED + ", ack '" + ack + "'", List.of(USER_INDEX), ops,
                List.of(new CountCheck(":User nodes (after the writer drained)", USER_COUNT, 1)),
                "durable".equals(ack) ? new Reference("10 k nodes/s accepted, acked before commit", 10_000,
                        Reference.ENTITIES, SOURCE) : null,
                "nodes", clients, ComponentProbe.BATCH_WRITER);
    }

    private static Scenario singleCreate(String id, String title, String query, boolean indexed, String figure, double value) {
        return new Scenario(id, title + ", one transaction per request", query, indexed ? List.of(USER_INDEX) : List.of(),
                single(query, id, 1), List.of(CountCheck.NODES), new Reference(figure, value, Reference.ENTITIES, SOURCE), "nodes");
    }

    private static Scenario perTransaction(String id, String query, boolean indexed, String figure, double value) {
        return new Scenario(id, "1000 statements `" + query + "` per transaction (one request)" + (indexed ? ", indexed" : ""),
                query + "   × 1000 per transaction", indexed ? List.of(USER_INDEX) : List.of(),
                statementsPerTx(query, id, 1000), List.of(CountCheck.nodes(1000)),
                new Reference(figure, value, Reference.ENTITIES, SOURCE), "nodes");
    }

    /** A unique user id per created node: client in the high bits, sequence below. */
    static long userId(int client, long n) {
        return ((long) client << 40) | n;
    }

    private static OperationSource single(String query, String type, long entities) {
        String t = type == null ? "foreach-100" : type;
        if (!query.contains("$id")) {
            Operation op = new Operation(t, List.of(new Statement(query, Map.of())), TxMode.EXPLICIT, entities);
            return (client, seq) -> op;
        }
        return (client, seq) -> new Operation(t, List.of(new Statement(query, Map.of("id", userId(client, seq)))), TxMode.EXPLICIT, entities);
    }

    private static OperationSource statementsPerTx(String query, String type, int count) {
        return (client, seq) -> {
            List<Statement> statements = new ArrayList<>(count);
            for (int i = 0; i < count; i++) statements.add(new Statement(query, Map.of("id", userId(client, seq * count + i))));
            return new Operation(type, statements, TxMode.EXPLICIT, count);
        };
    }

    private static OperationSource rows(String query, String type, int batch, TxMode mode) {
        return (client, seq) -> {
            List<Map<String, Object>> rows = new ArrayList<>(batch);
            for (int i = 0; i < batch; i++) rows.add(Map.of("id", userId(client, seq * batch + i)));
            return new Operation(type, List.of(new Statement(query, Map.of("rows", rows))), mode, batch);
        };
    }
}
