package io.graphperf.components.cdc.neo4j;

import io.graphperf.components.cdc.ChangeEvent;
import io.graphperf.components.cdc.CommitSequence;
import io.graphperf.components.cdc.KeyStrategy;
import io.graphperf.components.cdc.ChangeEvent.End;
import io.graphperf.components.cdc.ChangeEvent.Meta;
import io.graphperf.components.cdc.ChangeEvent.Operation;
import io.graphperf.components.cdc.ChangeEvent.State;
import com.fasterxml.jackson.core.JsonGenerator;
import org.neo4j.graphdb.Entity;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.Transaction;
import org.neo4j.graphdb.event.LabelEntry;
import org.neo4j.graphdb.event.PropertyEntry;
import org.neo4j.graphdb.event.TransactionData;
import org.neo4j.graphdb.event.TransactionEventListenerAdapter;
import org.neo4j.graphdb.spatial.Point;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The source's capture: in {@code beforeCommit} it turns the transaction's changes into events and writes them into the same
 * transaction as outbox nodes ({@code :GraphperfCdcOutbox {seq, chunk, keys, size, events}}: up to {@value #CHUNK} events each, their JSON
 * lines compressed as one LZ4 block), so
 * they commit — or not — with the changes they describe; a process killed right after the commit keeps them. The
 * {@link OutboxRelay} publishes them and deletes them. The committing client pays for writing the outbox nodes, never for Kafka.
 * <p>
 * Order: each capturing transaction takes a number from the {@link CommitSequence} ({@code meta.txId}) and holds it until it commits
 * or rolls back; the relay publishes only what is below {@link #publishableBelow()}, so it publishes in sequence order even when a
 * later number commits first. Two transactions that change one entity hold its lock in turn, so the later one takes its number
 * after the earlier one took its own: per entity, sequence order is commit order.
 */
final class ChangeCapture extends TransactionEventListenerAdapter<ChangeCapture.Captured> {

    /** What a capturing transaction carries from its capture to its commit or rollback. */
    record Captured(long seq, int events) {
    }

    static final Label OUTBOX = Label.label("GraphperfCdcOutbox");
    /** Set on the relay's thread while it deletes what Kafka acknowledged: the only transactions that may delete outbox records. */
    static final ThreadLocal<Boolean> RELAY_DELETES = ThreadLocal.withInitial(() -> false);
    static final Label STATE = Label.label("GraphperfCdcState");
    static final int CHUNK = 1000;
    /** The outbox's chunks are LZ4 blocks of newline-separated JSON events; "size" is the uncompressed length. */
    static final net.jpountz.lz4.LZ4Factory LZ4 = net.jpountz.lz4.LZ4Factory.fastestInstance();

    private final CdcMetrics metrics;
    private final KeyStrategy keys;
    private final boolean numericIds;
    private final String hostname;
    private final CommitSequence sequence = new CommitSequence();
    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile Runnable onCommit = () -> { };

    ChangeCapture(CdcMetrics metrics) {
        this(metrics, KeyStrategy.ENTITY, false);
    }

    /** {@code numericIds}: events name entities by their numeric ids as text, as Neo4j Streams does, instead of their element ids. */
    ChangeCapture(CdcMetrics metrics, KeyStrategy keys, boolean numericIds) {
        this.metrics = metrics;
        this.keys = keys;
        this.numericIds = numericIds;
        String h;
        try {
            h = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            h = "localhost";
        }
        this.hostname = h;
        metrics.sequence = sequence;
    }

    /** The relay sets the floor (the highest sequence the outbox or the last publication holds) before any capture proceeds. */
    void start(long floor, Runnable onCommit) {
        sequence.floor(floor);
        this.onCommit = onCommit;
        ready.countDown();
    }

    /** Every sequence below this one has committed or rolled back, and none below it will be taken: the relay may publish below it. */
    long publishableBelow() {
        return sequence.publishableBelow();
    }

    @Override
    public Captured beforeCommit(TransactionData data, Transaction tx, GraphDatabaseService db) throws Exception {
        Changes changes = Changes.of(data, numericIds, keys == KeyStrategy.COMPACT);
        if (changes.outboxDeleted > 0 && !RELAY_DELETES.get()) {
            // the outbox belongs to the stream: a user's delete (MATCH (n) DETACH DELETE n) would lose committed changes silently
            throw new IllegalStateException("graphperf's change stream: this transaction deletes " + changes.outboxDeleted + " of its outbox records"
                    + " (:" + OUTBOX.name() + " nodes: changes committed but not yet published to Kafka), which would lose them; leave them out"
                    + " (e.g. MATCH (n) WHERE NOT n:" + OUTBOX.name() + " DETACH DELETE n) — the relay deletes each once Kafka has it"
                    + " (CALL graphperf.cdc.metrics(): source.unpublished)");
        }
        if (changes.isEmpty()) return null;
        if (!ready.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("graphperf change capture: the outbox relay has not started within 60 s; see the user log");
        }
        long seq = sequence.begin();
        try {
            List<Pending> events = changes.events();
            Meta meta = new Meta(System.currentTimeMillis(), data.username(), seq, 0, events.size(), hostname);
            for (int from = 0, chunk = 0; from < events.size(); from += CHUNK, chunk++) {
                int to = Math.min(events.size(), from + CHUNK);
                String[] keys = new String[to - from];
                ByteArrayOutputStream bytes = new ByteArrayOutputStream((to - from) * 300);
                try (JsonGenerator g = ChangeEvent.JSON.getFactory().createGenerator(bytes)) {
                    g.setRootValueSeparator(null);
                    for (int i = from; i < to; i++) {
                        Pending p = events.get(i);
                        keys[i - from] = this.keys.key(p.entity(), seq, i);
                        p.write(g, meta.at(i));
                        g.writeRaw('\n');
                    }
                }
                byte[] raw = bytes.toByteArray();
                Node o = tx.createNode(OUTBOX);
                o.setProperty("seq", seq);
                o.setProperty("chunk", chunk);
                o.setProperty("keys", keys);
                o.setProperty("size", raw.length);
                o.setProperty("events", LZ4.fastCompressor().compress(raw));
            }
            return new Captured(seq, events.size());
        } catch (Exception | Error e) {
            sequence.end(seq);
            throw e;
        }
    }

    @Override
    public void afterCommit(TransactionData data, Captured captured, GraphDatabaseService db) {
        if (captured == null) return;
        // counted once committed: a transaction that fails after its capture leaves no events behind
        metrics.captured(captured.events());
        sequence.end(captured.seq());
        onCommit.run();
    }

    @Override
    public void afterRollback(TransactionData data, Captured captured, GraphDatabaseService db) {
        if (captured != null) sequence.end(captured.seq());
    }

    /** One event to write: what its Kafka key is made of (see {@link KeyStrategy}) and how its JSON is written, given its meta. */
    record Pending(KeyStrategy.Entity entity, Changes.Writer writer) {
        void write(JsonGenerator g, Meta meta) throws IOException {
            writer.write(g, meta);
        }
    }

    /**
     * A transaction's changes, grouped per entity, without graphperf's own outbox and state nodes. Entities are keyed by their internal
     * ids here (cheap); events carry element ids, or numeric ids as text when {@code numericIds}. A node or relationship created in the transaction is read whole when its event is
     * written, so none of its property or label entries is kept.
     */
    static final class Changes {
        final Map<Long, Node> createdNodes = new LinkedHashMap<>(), updatedNodes = new LinkedHashMap<>();
        final Map<Long, String> deletedNodes = new LinkedHashMap<>();
        final Map<Long, Relationship> createdRels = new LinkedHashMap<>(), updatedRels = new LinkedHashMap<>(), deletedRels = new LinkedHashMap<>();
        final Map<Long, Map<String, Object>> previous = new HashMap<>(), previousRel = new HashMap<>();
        final Map<Long, List<String>> addedLabels = new HashMap<>(), removedLabels = new HashMap<>();
        final Set<Long> internal = new HashSet<>();
        /** outbox records this transaction deletes */
        int outboxDeleted;
        final boolean numericIds, relationshipEnds;

        /** {@code relationshipEnds}: the key names a relationship's nodes (only the compact key: read for no other). */
        private Changes(boolean numericIds, boolean relationshipEnds) {
            this.numericIds = numericIds;
            this.relationshipEnds = relationshipEnds;
        }

        @SuppressWarnings("deprecation") // internal ids key this transaction's maps only
        static Changes of(TransactionData data, boolean numericIds, boolean relationshipEnds) {
            Changes c = new Changes(numericIds, relationshipEnds);
            for (LabelEntry l : data.assignedLabels()) {
                if (l.label().equals(OUTBOX) || l.label().equals(STATE)) c.internal.add(l.node().getId());
            }
            for (LabelEntry l : data.removedLabels()) {
                if (l.label().equals(OUTBOX) || l.label().equals(STATE)) c.internal.add(l.node().getId());
                if (l.label().equals(OUTBOX)) c.outboxDeleted++; // deleted, or stripped of its label: either way its events would be lost
            }
            for (Node n : data.createdNodes()) {
                if (!c.internal.contains(n.getId())) c.createdNodes.put(n.getId(), n);
            }
            for (Node n : data.deletedNodes()) {
                if (!c.internal.contains(n.getId())) c.deletedNodes.put(n.getId(), c.id(n));
            }
            for (LabelEntry l : data.assignedLabels()) c.label(l, c.addedLabels);
            for (LabelEntry l : data.removedLabels()) c.label(l, c.removedLabels);
            for (PropertyEntry<Node> p : data.assignedNodeProperties()) c.nodeProperty(p);
            for (PropertyEntry<Node> p : data.removedNodeProperties()) c.nodeProperty(p);
            for (Relationship r : data.createdRelationships()) c.createdRels.put(r.getId(), r);
            for (Relationship r : data.deletedRelationships()) c.deletedRels.put(r.getId(), r);
            for (PropertyEntry<Relationship> p : data.assignedRelationshipProperties()) c.relProperty(p);
            for (PropertyEntry<Relationship> p : data.removedRelationshipProperties()) c.relProperty(p);
            return c;
        }

        @SuppressWarnings("deprecation")
        private void label(LabelEntry l, Map<Long, List<String>> into) {
            long id = l.node().getId();
            if (internal.contains(id) || createdNodes.containsKey(id)) return;
            into.computeIfAbsent(id, k -> new ArrayList<>()).add(l.label().name());
            if (!deletedNodes.containsKey(id)) updatedNodes.putIfAbsent(id, l.node());
        }

        @SuppressWarnings("deprecation")
        private void nodeProperty(PropertyEntry<Node> p) {
            long id = p.entity().getId();
            if (internal.contains(id) || createdNodes.containsKey(id)) return;
            // the relay's own state node (and outbox nodes) change without a label change: never an event, else each relay round
            // would publish the last round's bookkeeping, for ever
            if (!deletedNodes.containsKey(id) && (p.entity().hasLabel(STATE) || p.entity().hasLabel(OUTBOX))) {
                internal.add(id);
                return;
            }
            previous.computeIfAbsent(id, k -> new HashMap<>()).putIfAbsent(p.key(), p.previouslyCommittedValue());
            if (!deletedNodes.containsKey(id)) updatedNodes.putIfAbsent(id, p.entity());
        }

        @SuppressWarnings("deprecation")
        private void relProperty(PropertyEntry<Relationship> p) {
            long id = p.entity().getId();
            if (createdRels.containsKey(id)) return;
            previousRel.computeIfAbsent(id, k -> new HashMap<>()).putIfAbsent(p.key(), p.previouslyCommittedValue());
            if (!deletedRels.containsKey(id)) updatedRels.putIfAbsent(id, p.entity());
        }

        /** The id an event names an entity by. */
        @SuppressWarnings("deprecation") // Streams' numeric ids, asked for by the setting
        String id(Entity e) {
            return numericIds ? Long.toString(e.getId()) : e.getElementId();
        }

        boolean isEmpty() {
            return createdNodes.isEmpty() && updatedNodes.isEmpty() && deletedNodes.isEmpty() && createdRels.isEmpty() && updatedRels.isEmpty()
                    && deletedRels.isEmpty();
        }

        /**
         * The events numbered as Neo4j Streams numbers a transaction's events: nodes created, deleted, updated, then relationships
         * created, deleted, updated.
         */
        List<Pending> events() {
            List<Pending> out = new ArrayList<>(createdNodes.size() + updatedNodes.size() + deletedNodes.size() + createdRels.size());
            // a created node is read when its event is written: a million-node transaction holds no million states
            createdNodes.forEach((k, n) -> {
                String id = id(n);
                out.add(new Pending(KeyStrategy.Entity.node(id, k), (g, m) -> {
                    Props after = properties(n);
                    ChangeEvent.node(g, m, Operation.CREATED, id, null, new State(labels(n), after.values()), after.types());
                }));
            });
            deletedNodes.forEach((k, id) -> {
                Props before = removed(previous.getOrDefault(k, Map.of()));
                State state = new State(removedLabels.getOrDefault(k, List.of()), before.values());
                out.add(new Pending(KeyStrategy.Entity.node(id, k),
                        (g, m) -> ChangeEvent.node(g, m, Operation.DELETED, id, state, null, before.types())));
            });
            updatedNodes.forEach((k, n) -> {
                String id = id(n);
                Props props = properties(n);
                State after = new State(labels(n), props.values());
                State before = new State(labelsBefore(k, after.labels()), before(previous.getOrDefault(k, Map.of()), after.properties()));
                out.add(new Pending(KeyStrategy.Entity.node(id, k),
                        (g, m) -> ChangeEvent.node(g, m, Operation.UPDATED, id, before, after, props.types())));
            });
            createdRels.forEach((k, r) -> {
                Props after = properties(r);
                out.add(relationship(k, r, Operation.CREATED, null, new State(null, after.values()), after.types()));
            });
            deletedRels.forEach((k, r) -> {
                String id = id(r);
                Props props = removed(previousRel.getOrDefault(k, Map.of()));
                State before = new State(null, props.values());
                End s = deletedEnd(r, true), e = deletedEnd(r, false);
                String type = typeOf(r);
                out.add(new Pending(KeyStrategy.Entity.relationship(id, k, nodeId(r, true), nodeId(r, false), type),
                        (g, m) -> ChangeEvent.relationship(g, m, Operation.DELETED, id, type, s, e, before, null, props.types())));
            });
            updatedRels.forEach((k, r) -> {
                Props props = properties(r);
                State after = new State(null, props.values());
                out.add(relationship(k, r, Operation.UPDATED, new State(null, before(previousRel.getOrDefault(k, Map.of()), after.properties())), after,
                        props.types()));
            });
            return out;
        }

        private Pending relationship(long numericId, Relationship r, Operation op, State before, State after, Map<String, String> types) {
            String id = id(r), type = r.getType().name();
            End s = end(r.getStartNode()), e = end(r.getEndNode());
            return new Pending(KeyStrategy.Entity.relationship(id, numericId, nodeId(r, true), nodeId(r, false), type),
                    (g, m) -> ChangeEvent.relationship(g, m, op, id, type, s, e, before, after, types));
        }

        interface Writer {
            void write(JsonGenerator g, Meta m) throws IOException;
        }

        private static Map<String, Object> before(Map<String, Object> previous, Map<String, Object> after) {
            Map<String, Object> b = new TreeMap<>(after);
            previous.forEach((k, v) -> {
                if (v == null) b.remove(k);
                else b.put(k, json(v));
            });
            return b;
        }

        private static Props removed(Map<String, Object> previous) {
            Props b = new Props(new TreeMap<>(), new TreeMap<>());
            previous.forEach((k, v) -> {
                if (v != null) b.put(k, v);
            });
            return b;
        }

        private List<String> labelsBefore(long id, List<String> after) {
            List<String> b = new ArrayList<>(after);
            b.removeAll(addedLabels.getOrDefault(id, List.of()));
            for (String l : removedLabels.getOrDefault(id, List.of())) if (!b.contains(l)) b.add(l);
            return b;
        }

        private static String typeOf(Relationship r) {
            try {
                return r.getType().name();
            } catch (RuntimeException e) {
                return "";
            }
        }

        /** The numeric id of a relationship's start or end node when the key names it (else, or when a deleted relationship no longer tells, −1). */
        @SuppressWarnings("deprecation")
        private long nodeId(Relationship r, boolean start) {
            if (!relationshipEnds) return -1;
            try {
                return (start ? r.getStartNode() : r.getEndNode()).getId();
            } catch (RuntimeException e) {
                return -1;
            }
        }

        @SuppressWarnings("deprecation")
        private End deletedEnd(Relationship r, boolean start) {
            try {
                Node n = start ? r.getStartNode() : r.getEndNode();
                return new End(id(n), deletedNodes.containsKey(n.getId()) ? removedLabels.getOrDefault(n.getId(), List.of()) : labels(n));
            } catch (RuntimeException e) {
                return new End("", List.of());
            }
        }

        private End end(Node n) {
            return new End(id(n), labels(n));
        }

        private static List<String> labels(Node n) {
            List<String> l = new ArrayList<>(2);
            n.getLabels().forEach(x -> l.add(x.name()));
            return l;
        }

        /** An entity's properties as events carry them, and each one's type for {@code schema.properties}. */
        record Props(Map<String, Object> values, Map<String, String> types) {
            void put(String key, Object raw) {
                values.put(key, json(raw));
                types.put(key, ChangeEvent.typeName(raw));
            }
        }

        private static Props properties(Entity e) {
            Props p = new Props(new TreeMap<>(), new TreeMap<>());
            e.getAllProperties().forEach(p::put);
            return p;
        }

        /**
         * Values as Streams writes them: numbers, strings, booleans and arrays of them as they are; points as objects
         * ({@link ChangeEvent#point}); temporal values and durations as their ISO text.
         */
        static Object json(Object v) {
            if (v == null || v instanceof Number || v instanceof String || v instanceof Boolean) return v;
            if (v instanceof Point p) return ChangeEvent.point(p.getCRS().getCode(), p.getCoordinate().getCoordinate());
            if (v.getClass().isArray()) {
                if (v instanceof Object[] a) {
                    List<Object> l = new ArrayList<>(a.length);
                    for (Object x : a) l.add(json(x));
                    return l;
                }
                return v; // primitive arrays: Jackson writes them as arrays
            }
            return v.toString();
        }
    }
}
