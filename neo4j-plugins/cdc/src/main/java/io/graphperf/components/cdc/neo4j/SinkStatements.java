package io.graphperf.components.cdc.neo4j;

import java.util.Map;

/**
 * The Cypher the sink runs for a run of consecutive events: the topic's template ({@code UNWIND $events AS event} + template),
 * or the default mirror, which keeps a copy of each source entity keyed by its source id ({@code :SourceEvent {sourceId}}
 * with the source's labels; relationships with their type and a {@code sourceId}).
 */
final class SinkStatements {

    static final String MIRROR_CONSTRAINT = "CREATE CONSTRAINT graphperf_cdc_source_id IF NOT EXISTS FOR (n:SourceEvent) REQUIRE n.sourceId IS UNIQUE";

    private static final Map<String, String> MIRROR = Map.of(
            "node:created", "UNWIND $events AS event MERGE (n:SourceEvent {sourceId: event.payload.id}) "
                    + "SET n = event.payload.after.properties, n.sourceId = event.payload.id SET n:$(event.payload.after.labels)",
            "node:updated", "UNWIND $events AS event MERGE (n:SourceEvent {sourceId: event.payload.id}) "
                    + "SET n = event.payload.after.properties, n.sourceId = event.payload.id SET n:$(event.payload.after.labels) "
                    + "REMOVE n:$([l IN coalesce(event.payload.before.labels, []) WHERE NOT l IN event.payload.after.labels])",
            "node:deleted", "UNWIND $events AS event MATCH (n:SourceEvent {sourceId: event.payload.id}) DETACH DELETE n",
            "relationship:created", "UNWIND $events AS event MERGE (s:SourceEvent {sourceId: event.payload.start.id}) "
                    + "MERGE (e:SourceEvent {sourceId: event.payload.end.id}) MERGE (s)-[r:$(event.payload.label) {sourceId: event.payload.id}]->(e) "
                    + "SET r = event.payload.after.properties, r.sourceId = event.payload.id",
            "relationship:deleted", "UNWIND $events AS event MATCH (s:SourceEvent {sourceId: event.payload.start.id})-[r]->() "
                    + "WHERE r.sourceId = event.payload.id DELETE r");

    private SinkStatements() {
    }

    /** The statement for one event kind (type:operation) under the default mirror. */
    static String mirror(String kind) {
        String s = MIRROR.get(kind.equals("relationship:updated") ? "relationship:created" : kind);
        if (s == null) throw new IllegalArgumentException("an event of unknown kind '" + kind + "' (payload.type:meta.operation)");
        return s;
    }

    static String template(String template) {
        return "UNWIND $events AS event " + template;
    }
}
