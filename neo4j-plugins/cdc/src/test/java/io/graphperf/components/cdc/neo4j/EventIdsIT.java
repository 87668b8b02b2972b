package io.graphperf.components.cdc.neo4j;

import com.fasterxml.jackson.databind.JsonNode;
import io.graphperf.components.cdc.ChangeEvent;
import io.graphperf.components.cdc.KeyStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The ids events name entities by ({@code graphperf.cdc.source.ids}): element ids by default, Neo4j Streams' numeric ids as text when
 * asked — in {@code payload.id}, a relationship's {@code start.id}/{@code end.id} and the entity key — read from the outbox the
 * capture writes on a real (embedded) Neo4j.
 */
class EventIdsIT {

    @Test
    void eventsCarryElementIdsByDefaultAndNumericIdsWhenAsked(@TempDir Path dir) throws Exception {
        for (boolean numeric : new boolean[] {false, true}) {
            DatabaseManagementService dbms = EmbeddedNeo4j.start(dir.resolve("numeric-" + numeric));
            try {
                GraphDatabaseService db = dbms.database("neo4j");
                ChangeCapture capture = new ChangeCapture(CdcMetrics.of("ids-" + numeric + "-" + System.nanoTime()), KeyStrategy.ENTITY, numeric);
                capture.start(0, () -> { });
                dbms.registerTransactionEventListener("neo4j", capture);
                Map<String, Object> ids = db.executeTransactionally(
                        "CREATE (a:Person {n: 1})-[r:KNOWS]->(b:Person {n: 2}) "
                                + "RETURN elementId(a) AS ea, elementId(b) AS eb, elementId(r) AS er, id(a) AS na, id(b) AS nb, id(r) AS nr",
                        Map.of(), r -> r.next());
                String a = ids.get(numeric ? "na" : "ea").toString(), b = ids.get(numeric ? "nb" : "eb").toString();
                String r = ids.get(numeric ? "nr" : "er").toString();

                List<String> keys = new ArrayList<>();
                List<JsonNode> events = outbox(db, keys);
                assertEquals(3, events.size(), "two nodes and a relationship created");
                assertEquals(a, events.get(0).at("/payload/id").asText());
                assertEquals(b, events.get(1).at("/payload/id").asText());
                JsonNode rel = events.get(2).at("/payload");
                assertEquals(r, rel.at("/id").asText());
                assertEquals(a, rel.at("/start/id").asText());
                assertEquals(b, rel.at("/end/id").asText());
                assertArrayEquals(new String[] {"node:" + a, "node:" + b, "relationship:" + r}, keys.toArray(String[]::new),
                        "the entity key names the id the event carries");
            } finally {
                dbms.shutdown();
            }
        }
    }

    @Test
    void streamsKeysAreJsonUnderTheDeleteAndCompactStrategies(@TempDir Path dir) throws Exception {
        for (KeyStrategy strategy : new KeyStrategy[] {KeyStrategy.DELETE, KeyStrategy.COMPACT}) {
            DatabaseManagementService dbms = EmbeddedNeo4j.start(dir.resolve(strategy.name()));
            try {
                GraphDatabaseService db = dbms.database("neo4j");
                ChangeCapture capture = new ChangeCapture(CdcMetrics.of("keys-" + strategy + "-" + System.nanoTime()), strategy, true);
                capture.start(0, () -> { });
                dbms.registerTransactionEventListener("neo4j", capture);
                Map<String, Object> ids = db.executeTransactionally("CREATE (a:Person {n: 1})-[r:KNOWS]->(b:Person {n: 2}) RETURN id(a) AS a, id(b) AS b",
                        Map.of(), r -> r.next());
                db.executeTransactionally("MATCH ()-[r:KNOWS]->() DELETE r"); // a deleted relationship still names its nodes
                List<String> keys = new ArrayList<>();
                List<JsonNode> events = outbox(db, keys);
                assertEquals(4, events.size(), "two nodes and a relationship created, the relationship deleted");
                for (int i = 0; i < keys.size(); i++) {
                    JsonNode key = ChangeEvent.JSON.readTree(keys.get(i)), meta = events.get(i).at("/meta");
                    JsonNode expected = strategy == KeyStrategy.DELETE
                            ? ChangeEvent.JSON.valueToTree((meta.at("/txId").asLong() + meta.at("/txEventId").asInt()) + "-" + meta.at("/txEventId").asInt())
                            : events.get(i).at("/payload/type").asText().equals("node") ? ChangeEvent.JSON.valueToTree(events.get(i).at("/payload/id").asText())
                            : ChangeEvent.JSON.valueToTree(Map.of("start", ids.get("a").toString(), "end", ids.get("b").toString(), "label", "KNOWS"));
                    assertEquals(expected, key, strategy + " key of event " + i + ": " + keys.get(i));
                }
            } finally {
                dbms.shutdown();
            }
        }
    }

    /** The outbox's events, in order, and their keys. */
    private static List<JsonNode> outbox(GraphDatabaseService db, List<String> keys) throws Exception {
        List<JsonNode> events = new ArrayList<>();
        try (Transaction tx = db.beginTx();
             Result result = tx.execute("MATCH (o:GraphperfCdcOutbox) RETURN o.events AS events, o.size AS size, o.keys AS keys ORDER BY o.seq, o.chunk")) {
            while (result.hasNext()) {
                Map<String, Object> row = result.next();
                byte[] raw = ChangeCapture.LZ4.fastDecompressor().decompress((byte[]) row.get("events"), ((Number) row.get("size")).intValue());
                for (String line : new String(raw, StandardCharsets.UTF_8).split("\n")) events.add(ChangeEvent.JSON.readTree(line));
                keys.addAll(List.of((String[]) row.get("keys")));
            }
        }
        return events;
    }
}
