package io.graphperf.workloads.writes;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.core.results.Reference;
import io.graphperf.studies.writes.WriteStatement;
import io.graphperf.workloads.cells.CellCheck;
import io.graphperf.workloads.cells.CountCheck;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.RatioTarget;
import io.graphperf.workloads.cells.Scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * E4's scenarios (spec: workloads.md, E4). The reference figures are from the original blog (Neo4j 2.3, 4-core
 * laptop, HTTP, 8 clients, 30 s). Every scenario that writes :User nodes gives each a deterministic id per
 * client and operation, so the check afterwards is by id ({@link IdCheck}).
 */
public final class WriteScenarios {

    static final String SOURCE = "Neo4j blog on Cypher writes (Neo4j 2.3, 4-core laptop, HTTP, 8 clients)";
    static final String USER_INDEX = "CREATE INDEX graphperf_user_id IF NOT EXISTS FOR (u:User) ON (u.user_id)";
    static final String FOREACH = WriteStatement.FOREACH_SELF_RELATIONSHIPS.cypher();
    static final String CREATE_UNLABELLED = WriteStatement.CREATE_UNLABELLED.cypher();
    static final String CREATE_LABELLED = WriteStatement.CREATE_LABELLED.cypher();
    static final String UNWIND = WriteStatement.UNWIND_ROWS.cypher();
    static final String CALL_IN_TX = WriteStatement.CALL_IN_TRANSACTIONS.cypher();
    /** The scenarios other experiments name: one write per transaction (indexed), UNWIND of 1000 rows, the batch writer via the gateway. */
    public static final String ONE_WRITE_PER_TX = "create-labelled-indexed", UNWIND_1000 = "unwind-1000", GATEWAY_DURABLE = "batch-writer-ws-durable";
    static final int[] UNWIND_BATCHES = {1, 10, 100, 1000, 10000};
    static final int CALL_IN_TX_ROWS = 10_000;
    /** The batch writer against its two baselines with the same clients. */
    static final int[] WRITER_CLIENTS = {8, 32, 64};
    static final String SUBMIT_PROCEDURE = "graphperf.batch.submit";
    static final String SUBMIT = "CALL graphperf.batch.submit($statement, $params, $ack)";
    /** Submits each client keeps in flight through the gateway (one operation = this many writes, sent at once, each acknowledged). */
    static final int PIPELINE_DEPTH = 64;
    static final int GATEWAY_WRITER_CLIENTS = 8;
    /** Application threads, each with one submit in flight through the gateway: what latency the coalescing client's throughput costs. */
    static final int[] GATEWAY_THREADS = {1, 8, 64};
    static final Predicate<TransportName> GATEWAY = TransportName::isGateway;
    static final String GATEWAY_TEXT = "the gateway's ws-* transports (e.g. ws-bson)";

    private WriteScenarios() {
    }

    public static List<Scenario> all() {
        List<Scenario> s = new ArrayList<>();
        s.add(new Scenario("foreach-100", "FOREACH creating 100 nodes with a self-relationship each, one transaction per request",
                FOREACH, List.of(), constant(FOREACH, "foreach-100", 400),
                List.of(CountCheck.nodes(100), CountCheck.relationships(100)),
                new Reference("1,500 req/s = 600 k entities+properties/s", 600_000, Reference.ENTITIES, SOURCE),
                "nodes + relationships + properties (400 per request)"));
        s.add(new Scenario("create-unlabelled", "single CREATE of an unlabelled node, one transaction per request",
                CREATE_UNLABELLED, List.of(), single(CREATE_UNLABELLED, "create-unlabelled"),
                List.of(new IdCheck("unlabelled nodes", "MATCH (n) WHERE n.user_id IS NOT NULL", "user_id", 1)),
                new Reference("~8,000 nodes/s", 8_000, Reference.ENTITIES, SOURCE), "nodes"));
        s.add(singleCreate("create-labelled", "single CREATE of a :User node", false, "~600 nodes/s", 600));
        s.add(singleCreate("create-labelled-indexed", "single CREATE of a :User node with an index on :User(user_id)", true, "~300 nodes/s", 300));
        // the gateway runs one statement per request in its own transaction: 1000 statements in one transaction need bolt or http
        s.add(perTransaction("tx1000-labelled-indexed", CREATE_LABELLED, true, "50 k nodes/s", 50_000).only(GATEWAY.negate(), "bolt and http"));
        s.add(perTransaction("tx1000-labelled", CREATE_LABELLED, false, "100 k nodes/s", 100_000).only(GATEWAY.negate(), "bolt and http"));
        s.add(perTransaction("tx1000-unlabelled", CREATE_UNLABELLED, false, "165 k nodes/s", 165_000).only(GATEWAY.negate(), "bolt and http"));
        for (int batch : UNWIND_BATCHES) {
            s.add(new Scenario("unwind-" + batch, "UNWIND $rows of " + batch + " row(s) per transaction, :User nodes, indexed",
                    UNWIND, List.of(USER_INDEX), rows(UNWIND, "unwind-" + batch, batch, TxMode.EXPLICIT),
                    List.of(IdCheck.users(batch)), null, "nodes"));
        }
        s.add(new Scenario("call-in-tx", "CALL {} IN TRANSACTIONS OF 1000 ROWS over " + CALL_IN_TX_ROWS
                + " rows per request (auto-commit), :User nodes, indexed",
                CALL_IN_TX, List.of(USER_INDEX), rows(CALL_IN_TX, "call-in-tx", CALL_IN_TX_ROWS, TxMode.AUTOCOMMIT),
                List.of(IdCheck.users(CALL_IN_TX_ROWS)), null, "nodes"));
        for (int c : WRITER_CLIENTS) {
            s.add(new Scenario("create-labelled-indexed-c" + c, "single CREATE of a :User node, indexed, one transaction per request, "
                    + c + " clients (the batch writer's baseline)", CREATE_LABELLED, List.of(USER_INDEX),
                    single(CREATE_LABELLED, "create-labelled-indexed"), List.of(IdCheck.users(1)), null, "nodes", c, null));
            s.add(new Scenario("unwind-1000-c" + c, "UNWIND $rows of 1000 rows per transaction, :User nodes, indexed, " + c
                    + " clients (the batch writer's ceiling)", UNWIND, List.of(USER_INDEX), rows(UNWIND, "unwind-1000", 1000, TxMode.EXPLICIT),
                    List.of(IdCheck.users(1000)), null, "nodes", c, null));
            for (String ack : List.of("durable", "applied")) s.add(batchWriter(ack, c));
        }
        for (String ack : List.of("durable", "applied")) s.add(gatewayWriter(ack));
        for (int threads : GATEWAY_THREADS) s.add(gatewayThreads(threads));
        return s;
    }

    /** The scenario of UNWIND batches of {@code rows} rows, one of {@link #UNWIND_BATCHES}. */
    public static Scenario unwind(int rows) {
        String id = "unwind-" + rows;
        return all().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("E4 has no UNWIND scenario of " + rows + " rows"));
    }

    public static List<RatioTarget> targets() {
        List<RatioTarget> t = new ArrayList<>();
        for (int c : WRITER_CLIENTS) {
            for (String ack : List.of("durable", "applied")) {
                String id = "batch-writer-" + ack + "-c" + c;
                t.add(new RatioTarget("batch writer (" + ack + " acks) vs one transaction per write, " + c + " clients", id,
                        ONE_WRITE_PER_TX + "-c" + c, 20));
                t.add(new RatioTarget("batch writer (" + ack + " acks) vs client-side UNWIND of 1000 rows, " + c + " clients", id,
                        UNWIND_1000 + "-c" + c, 0.8));
            }
        }
        t.add(new RatioTarget("batch writer through the gateway (durable acks, " + PIPELINE_DEPTH + " in flight per client) vs one transaction per write",
                GATEWAY_DURABLE, ONE_WRITE_PER_TX, 20));
        t.add(new RatioTarget("batch writer through the gateway (durable acks, " + PIPELINE_DEPTH + " in flight per client) vs UNWIND of 1000 rows",
                GATEWAY_DURABLE, UNWIND_1000, 0.8));
        return t;
    }

    /** Whether the scenario's writes go through graphperf's batch writer (a Neo4j plugin). */
    public static boolean viaBatchWriter(Scenario s) {
        return s.probe() instanceof BatchWriterProbe;
    }

    /** Single labelled+indexed creations submitted one by one to the batch writer plugin, acknowledged as {@code ack}. */
    static Scenario batchWriter(String ack, int clients) {
        String id = "batch-writer-" + ack + "-c" + clients;
        OperationSource ops = (client, seq) -> new Operation("batch-writer-" + ack, List.of(Statement.call(SUBMIT_PROCEDURE, SUBMIT,
                Map.of("statement", CREATE_LABELLED, "params", Map.of("id", IdCheck.id(client, seq, 1, 0)), "ack", ack))), TxMode.AUTOCOMMIT, 1);
        return new Scenario(id, "single CREATE of a :User node (indexed) submitted to graphperf's batch writer, acknowledged when "
                + ("durable".equals(ack) ? "logged durably" : "committed") + ", " + clients + " clients",
                SUBMIT + "   with statement " + CREATE_LABELLED + ", ack '" + ack + "'", List.of(USER_INDEX), ops,
                List.of(new IdCheck(":User nodes (after the writer drained)", "MATCH (n:User)", "user_id", 1)),
                "durable".equals(ack) ? new Reference("10 k nodes/s accepted, acked before commit", 10_000, Reference.ENTITIES, SOURCE) : null,
                "nodes", clients, new BatchWriterProbe());
    }

    /**
     * Single labelled+indexed creations submitted through the gateway's submit kind by the coalescing client (one client shared by the
     * threads, as an application shares it, gathering their submits into compact messages): each of {@link #GATEWAY_WRITER_CLIENTS} clients
     * sends {@link #PIPELINE_DEPTH} submits at once and waits for every acknowledgement (one operation), then the next.
     */
    static Scenario gatewayWriter(String ack) {
        String id = "batch-writer-ws-" + ack;
        OperationSource ops = (client, seq) -> {
            List<Statement> writes = new ArrayList<>(PIPELINE_DEPTH);
            for (int i = 0; i < PIPELINE_DEPTH; i++) {
                writes.add(Statement.call(SUBMIT_PROCEDURE, SUBMIT, Map.of("statement", CREATE_LABELLED,
                        "params", Map.of("id", IdCheck.id(client, seq, PIPELINE_DEPTH, i)), "ack", ack)));
            }
            return new Operation(id, writes, TxMode.EACH, PIPELINE_DEPTH);
        };
        return new Scenario(id, "single CREATE of a :User node (indexed) submitted to graphperf's batch writer through the gateway, "
                + PIPELINE_DEPTH + " submits in flight per client (the gateway client gathers every client's submits into messages of up to 1,000"
                + " writes, each write acknowledged alone), acknowledged when " + ("durable".equals(ack) ? "logged durably" : "committed")
                + ", " + GATEWAY_WRITER_CLIENTS + " clients", "submit {statement: " + CREATE_LABELLED + ", ack: '" + ack + "'} × " + PIPELINE_DEPTH
                + " in flight", List.of(USER_INDEX), ops, List.of(new IdCheck(":User nodes (after the writer drained)", "MATCH (n:User)", "user_id", PIPELINE_DEPTH)),
                null, "nodes", GATEWAY_WRITER_CLIENTS, new BatchWriterProbe()).only(GATEWAY, GATEWAY_TEXT);
    }

    /**
     * {@code threads} application threads sharing one coalescing gateway client, each submitting one write and waiting for its durable
     * acknowledgement before the next (an operation is one write: its latency is the acknowledgement's). Run on transports with different
     * lingers ({@code ws-bson}, {@code ws-bson-linger1ms} …) they show what latency the client's gathering costs and buys.
     */
    static Scenario gatewayThreads(int threads) {
        String id = "batch-writer-ws-durable-t" + threads;
        OperationSource ops = (client, seq) -> new Operation(id, List.of(Statement.call(SUBMIT_PROCEDURE, SUBMIT, Map.of("statement", CREATE_LABELLED,
                "params", Map.of("id", IdCheck.id(client, seq, 1, 0)), "ack", "durable"))), TxMode.EACH, 1);
        return new Scenario(id, "single CREATE of a :User node (indexed) submitted to graphperf's batch writer through the gateway by " + threads
                + " application thread(s) sharing one coalescing client, each with one write in flight, acknowledged when logged durably",
                "submit {statement: " + CREATE_LABELLED + ", ack: 'durable'}, one in flight per thread", List.of(USER_INDEX), ops,
                List.of(new IdCheck(":User nodes (after the writer drained)", "MATCH (n:User)", "user_id", 1)), null, "nodes", threads,
                new BatchWriterProbe()).only(GATEWAY, GATEWAY_TEXT);
    }

    private static Scenario singleCreate(String id, String title, boolean indexed, String figure, double value) {
        return new Scenario(id, title + ", one transaction per request", CREATE_LABELLED, indexed ? List.of(USER_INDEX) : List.of(),
                single(CREATE_LABELLED, id), List.of(IdCheck.users(1)), new Reference(figure, value, Reference.ENTITIES, SOURCE), "nodes");
    }

    private static Scenario perTransaction(String id, String query, boolean indexed, String figure, double value) {
        CellCheck check = query.contains(":User") ? IdCheck.users(1000)
                : new IdCheck("unlabelled nodes", "MATCH (n) WHERE n.user_id IS NOT NULL", "user_id", 1000);
        return new Scenario(id, "1000 statements `" + query + "` per transaction (one request)" + (indexed ? ", indexed" : ""),
                query + "   × 1000 per transaction", indexed ? List.of(USER_INDEX) : List.of(),
                statementsPerTx(query, id, 1000), List.of(check), new Reference(figure, value, Reference.ENTITIES, SOURCE), "nodes");
    }

    private static IdWrites constant(String query, String type, long entities) {
        return new IdWrites(type, query, IdWrites.Shape.CONSTANT, 1, TxMode.EXPLICIT, entities);
    }

    private static IdWrites single(String query, String type) {
        return new IdWrites(type, query, IdWrites.Shape.EACH_STATEMENT, 1, TxMode.EXPLICIT, 1);
    }

    private static IdWrites statementsPerTx(String query, String type, int count) {
        return new IdWrites(type, query, IdWrites.Shape.EACH_STATEMENT, count, TxMode.EXPLICIT, count);
    }

    private static IdWrites rows(String query, String type, int batch, TxMode mode) {
        return new IdWrites(type, query, IdWrites.Shape.ROWS, batch, mode, batch);
    }
}
