package io.graphperf.engines.orientdb.host;

import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.sql.executor.OResultSet;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.measure.OperationSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E4's write scenarios in OrientDB's SQL (spec: workloads.md, E4), beside the Cypher ones: the same work per request and
 * the same deterministic ids ({@code client << 40 | seq × perOperation + i}), so an import of one and a run of the other
 * can be set side by side. After a cell, {@link #check} reads every id back and compares it with what the measuring
 * layer knows was acknowledged: missing, duplicated and never-issued ids fail the cell.
 */
final class OrientWrites {

    /** @param perOperation ids (User records) each operation writes; 0 for scenarios without ids */
    record Scenario(String name, List<String> setup, OperationSource source, long perOperation, String idClass) {
    }

    static final List<String> NAMES = List.of("create-unlabelled", "create-labelled", "create-labelled-indexed", "foreach-100", "batch-1000-indexed");

    private OrientWrites() {
    }

    static Scenario of(String name) {
        return switch (name) {
            // an unlabelled node: a record of the base vertex class
            case "create-unlabelled" -> single(name, "V", List.of());
            case "create-labelled" -> single(name, "User", List.of("CREATE CLASS User IF NOT EXISTS EXTENDS V"));
            case "create-labelled-indexed" -> single(name, "User", List.of("CREATE CLASS User IF NOT EXISTS EXTENDS V",
                    "CREATE PROPERTY User.user_id IF NOT EXISTS LONG", "CREATE INDEX User.user_id IF NOT EXISTS ON User (user_id) NOTUNIQUE"));
            case "foreach-100" -> {
                StringBuilder script = new StringBuilder(OrientTransport.SCRIPT);
                for (int i = 0; i < 100; i++) {
                    script.append("LET a").append(i).append(" = CREATE VERTEX V SET type = 'User';\n");
                    script.append("CREATE EDGE REL FROM $a").append(i).append(" TO $a").append(i).append(" SET weight = 1;\n");
                }
                Operation op = new Operation(name, List.of(new Statement(script.toString(), Map.of())), TxMode.EXPLICIT, 400);
                yield new Scenario(name, List.of("CREATE CLASS REL IF NOT EXISTS EXTENDS E"), (client, seq) -> op, 0, null);
            }
            case "batch-1000-indexed" -> {
                OperationSource src = (client, seq) -> {
                    List<Statement> st = new ArrayList<>(1000);
                    for (int i = 0; i < 1000; i++) st.add(new Statement("INSERT INTO User SET user_id = :id", Map.of("id", id(client, seq, 1000, i))));
                    return new Operation(name, st, TxMode.EXPLICIT, 1000);
                };
                yield new Scenario(name, List.of("CREATE CLASS User IF NOT EXISTS EXTENDS V", "CREATE PROPERTY User.user_id IF NOT EXISTS LONG",
                        "CREATE INDEX User.user_id IF NOT EXISTS ON User (user_id) NOTUNIQUE"), src, 1000, "User");
            }
            default -> throw new IllegalArgumentException("unknown OrientDB write scenario '" + name + "'; known: " + String.join(", ", NAMES));
        };
    }

    private static Scenario single(String name, String cls, List<String> setup) {
        String sql = "INSERT INTO " + cls + " SET user_id = :id";
        return new Scenario(name, setup, (client, seq) -> new Operation(name, List.of(new Statement(sql, Map.of("id", id(client, seq, 1, 0)))),
                TxMode.AUTOCOMMIT, 1), 1, cls);
    }

    static long id(int client, long seq, long perOperation, long i) {
        return ((long) client << 40) | (seq * perOperation + i);
    }

    /**
     * Every id in the class, read back and compared with the acknowledged operations: "missing=…,duplicated=…,neverIssued=…,
     * unacknowledgedPresent=…,expected=…,found=…,exact=…". Scenarios without ids: the records and edges counted.
     */
    static String check(ODatabaseSession db, Scenario s, Measurement m) {
        db.activateOnCurrentThread();
        if (s.idClass() == null) {
            long v = count(db, "SELECT count(*) AS n FROM V"), e = count(db, "SELECT count(*) AS n FROM E");
            long acked = m.outcomes().acknowledgedOps();
            return "vertices=" + v + ",edges=" + e + ",expectedAtLeast=" + acked * 100;
        }
        Map<Long, Integer> seen = new HashMap<>();
        try (OResultSet rs = db.query("SELECT user_id FROM " + s.idClass() + " WHERE user_id IS NOT NULL")) {
            while (rs.hasNext()) seen.merge(((Number) rs.next().getProperty("user_id")).longValue(), 1, Integer::sum);
        }
        Accounting acc = m.accounting();
        Map<Integer, Accounting.Client> clients = new LinkedHashMap<>();
        for (Accounting.Client c : acc.clients()) clients.put(c.client(), c);
        long missing = 0, expected = 0, unackedPresent = 0, neverIssued = 0, duplicated = 0;
        for (Map.Entry<Long, Integer> e : seen.entrySet()) {
            if (e.getValue() > 1) duplicated += e.getValue() - 1;
            int client = (int) (e.getKey() >>> 40);
            long seq = (e.getKey() & ((1L << 40) - 1)) / s.perOperation();
            Accounting.Client c = clients.get(client);
            if (c == null || seq >= c.issued()) neverIssued++;
            else if (!c.acknowledged(seq)) unackedPresent++;
        }
        for (Accounting.Client c : clients.values()) {
            for (long seq = 0; seq < c.issued(); seq++) {
                if (!c.acknowledged(seq)) continue;
                for (long i = 0; i < s.perOperation(); i++) {
                    expected++;
                    if (!seen.containsKey(id(c.client(), seq, s.perOperation(), i))) missing++;
                }
            }
        }
        return "missing=" + missing + ",duplicated=" + duplicated + ",neverIssued=" + neverIssued + ",unacknowledgedPresent=" + unackedPresent
                + ",expected=" + expected + ",found=" + seen.size() + ",exact=" + (acc.exact() ? 1 : 0);
    }

    private static long count(ODatabaseSession db, String sql) {
        try (OResultSet rs = db.query(sql)) {
            return ((Number) rs.next().getProperty("n")).longValue();
        }
    }
}
