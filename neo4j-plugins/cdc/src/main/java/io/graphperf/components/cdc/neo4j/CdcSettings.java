package io.graphperf.components.cdc.neo4j;

import io.graphperf.components.batchwriter.neo4j.GraphperfConf;
import io.graphperf.components.cdc.KeyStrategy;
import org.neo4j.configuration.Config;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The change stream's settings, in {@code graphperf.conf} beside neo4j.conf (see {@link GraphperfConf}). The source and the
 * sink are separate: a database can be either, or both on different topics.
 * <pre>
 * graphperf.cdc.source.enabled=true                graphperf.cdc.sink.enabled=true
 * graphperf.cdc.source.bootstrap_servers=h:9092    graphperf.cdc.sink.bootstrap_servers=h:9092
 * graphperf.cdc.source.topic=graphperf-cdc         graphperf.cdc.sink.topics=graphperf-cdc
 * graphperf.cdc.source.database=neo4j              graphperf.cdc.sink.database=neo4j
 * graphperf.cdc.source.relay_linger_ms=10           graphperf.cdc.sink.source=   (the source it applies; empty: the first it reads)
 * graphperf.cdc.source.id=&lt;database&gt;@&lt;host&gt;
 * graphperf.cdc.source.transactions=true
 * graphperf.cdc.source.key_strategy=entity       (entity | delete | compact: see KeyStrategy)
 * graphperf.cdc.source.ids=element               (element | numeric: Neo4j Streams' numeric ids as text)
 * graphperf.cdc.source.kafka.&lt;producer setting&gt;  graphperf.cdc.sink.kafka.&lt;consumer setting&gt;
 *                                                  graphperf.cdc.sink.template.&lt;topic&gt;=&lt;Cypher run as UNWIND $events AS event …&gt;
 *                                                  graphperf.cdc.sink.dead_letter_topic=graphperf-cdc-dlq
 *                                                  graphperf.cdc.sink.batch_size=5000
 * </pre>
 */
public record CdcSettings(Source source, Sink sink, String file) {

    /**
     * The source side: the relay that publishes the outbox to Kafka.
     *
     * @param producer the user's Kafka producer settings (graphperf.cdc.source.kafka.*)
     * @param id       the source's id in its events and its transactional producer's id
     */
    public record Source(boolean enabled, String servers, String topic, String database, Map<String, String> producer, int relayLingerMs, String id, boolean transactions, KeyStrategy keyStrategy, boolean numericIds) {
    }

    /**
     * The sink side: the consumer that applies a topic's events in batches.
     *
     * @param consumer the user's Kafka consumer settings (graphperf.cdc.sink.kafka.*)
     * @param source   the source it applies (empty: the first it reads)
     */
    public record Sink(boolean enabled, String servers, List<String> topics, String database, Map<String, String> consumer, Map<String, String> templates, String deadLetterTopic, int batchSize, String source) {
    }

    public boolean sourceEnabled() {
        return source.enabled();
    }

    public String sourceServers() {
        return source.servers();
    }

    public String sourceTopic() {
        return source.topic();
    }

    public String sourceDatabase() {
        return source.database();
    }

    public int relayLingerMs() {
        return source.relayLingerMs();
    }

    public String sourceId() {
        return source.id();
    }

    public boolean transactions() {
        return source.transactions();
    }

    public KeyStrategy keyStrategy() {
        return source.keyStrategy();
    }

    public boolean numericIds() {
        return source.numericIds();
    }

    public boolean sinkEnabled() {
        return sink.enabled();
    }

    public String sinkServers() {
        return sink.servers();
    }

    public List<String> sinkTopics() {
        return sink.topics();
    }

    public String sinkDatabase() {
        return sink.database();
    }

    public Map<String, String> templates() {
        return sink.templates();
    }

    public String deadLetterTopic() {
        return sink.deadLetterTopic();
    }

    public String sinkSource() {
        return sink.source();
    }

    static final String PREFIX = "graphperf.cdc.";
    static final String SOURCE_KAFKA = PREFIX + "source.kafka.", SINK_KAFKA = PREFIX + "sink.kafka.", TEMPLATE = PREFIX + "sink.template.";
    static final Set<String> KNOWN = Set.of(PREFIX + "source.enabled", PREFIX + "source.bootstrap_servers", PREFIX + "source.topic",
            PREFIX + "source.database", PREFIX + "sink.enabled", PREFIX + "sink.bootstrap_servers", PREFIX + "sink.topics", PREFIX + "sink.database",
            PREFIX + "sink.dead_letter_topic", PREFIX + "sink.batch_size", PREFIX + "source.relay_linger_ms", PREFIX + "source.id",
            PREFIX + "source.transactions", PREFIX + "sink.source", PREFIX + "source.key_strategy", PREFIX + "source.ids");

    public static CdcSettings read(Config config) throws IOException {
        GraphperfConf c = GraphperfConf.read(config, PREFIX, KNOWN, List.of(SOURCE_KAFKA, SINK_KAFKA, TEMPLATE));
        boolean source = bool(c, PREFIX + "source.enabled"), sink = bool(c, PREFIX + "sink.enabled");
        String sourceServers = c.raw(PREFIX + "source.bootstrap_servers", "");
        String sinkServers = c.raw(PREFIX + "sink.bootstrap_servers", "");
        if (source && sourceServers.isEmpty()) throw c.bad(PREFIX + "source.bootstrap_servers", "is needed when the source is enabled (host:port,…)");
        if (sink && sinkServers.isEmpty()) throw c.bad(PREFIX + "sink.bootstrap_servers", "is needed when the sink is enabled (host:port,…)");
        List<String> topics = List.of(c.raw(PREFIX + "sink.topics", "graphperf-cdc").split("\\s*,\\s*"));
        int batch = integer(c, PREFIX + "sink.batch_size", 5000, 1);
        int linger = integer(c, PREFIX + "source.relay_linger_ms", 10, 0);
        Map<String, String> templates = c.under(TEMPLATE);
        for (String t : templates.keySet()) {
            if (!topics.contains(t)) throw c.bad(TEMPLATE + t, "names a topic the sink does not read (" + PREFIX + "sink.topics=" + String.join(",", topics) + ")");
        }
        String database = c.raw(PREFIX + "source.database", "neo4j");
        String id = c.raw(PREFIX + "source.id", "").trim();
        if (id.isEmpty()) id = database + "@" + hostname();
        String transactions = c.raw(PREFIX + "source.transactions", "true");
        if (!transactions.equals("true") && !transactions.equals("false")) throw c.bad(PREFIX + "source.transactions", "must be true or false");
        String ids = c.raw(PREFIX + "source.ids", "element").trim();
        if (!ids.equals("element") && !ids.equals("numeric")) throw c.bad(PREFIX + "source.ids", "must be element or numeric, was '" + ids + "'");
        return new CdcSettings(new Source(source, sourceServers, c.raw(PREFIX + "source.topic", "graphperf-cdc"), database, c.under(SOURCE_KAFKA), linger,
                id, transactions.equals("true"), keyStrategy(c), ids.equals("numeric")),
                new Sink(sink, sinkServers, topics, c.raw(PREFIX + "sink.database", "neo4j"), c.under(SINK_KAFKA), templates,
                        c.raw(PREFIX + "sink.dead_letter_topic", "graphperf-cdc-dlq"), batch, c.raw(PREFIX + "sink.source", "").trim()), c.source());
    }

    private static KeyStrategy keyStrategy(GraphperfConf c) {
        try {
            return KeyStrategy.parse(c.raw(PREFIX + "source.key_strategy", "entity"));
        } catch (IllegalArgumentException e) {
            throw c.bad(PREFIX + "source.key_strategy", e.getMessage());
        }
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    private static int integer(GraphperfConf c, String key, int dflt, int min) {
        int v;
        try {
            v = Integer.parseInt(c.raw(key, String.valueOf(dflt)));
        } catch (NumberFormatException e) {
            throw c.bad(key, "must be a whole number");
        }
        if (v < min) throw c.bad(key, "must be at least " + min);
        return v;
    }

    private static boolean bool(GraphperfConf c, String key) {
        String v = c.raw(key, "false");
        if (!v.equals("true") && !v.equals("false")) throw c.bad(key, "must be true or false");
        return v.equals("true");
    }

    /**
     * The source's producer: {@link #durableProducer} batching a little, LZ4-compressed, with the user's settings over these.
     */
    Properties producerProperties() {
        Properties p = durableProducer(source.servers());
        if (source.transactions()) {
            // one Kafka transaction per relay round: a consumer at read_committed sees a round whole or not at all, so no gap can open
            // inside a sequence; a restarted relay's producer (same id) aborts what its predecessor left open
            p.put("transactional.id", "graphperf-cdc-" + source.id());
            // a transaction's setup and commit wait for the broker at most this long: the relay then says so and starts again
            p.put("max.block.ms", "30000");
        }
        p.put("max.in.flight.requests.per.connection", "5");
        p.put("linger.ms", "5");
        p.put("batch.size", "262144");
        p.put("compression.type", "lz4");
        p.putAll(source.producer());
        return p;
    }

    /** The sink's consumer: partitions assigned, not a group's; offsets live in the sink database, never in Kafka. */
    Properties consumerProperties() {
        Properties p = new Properties();
        p.put("bootstrap.servers", sink.servers());
        p.put("enable.auto.commit", "false");
        p.put("max.poll.records", String.valueOf(sink.batchSize()));
        // a poll waits up to 10 ms for 64 KB: a sink transaction per few events would cost a commit each
        p.put("fetch.min.bytes", "65536");
        p.put("fetch.max.wait.ms", "10");
        p.put("isolation.level", "read_committed");
        p.putAll(sink.consumer());
        return p;
    }

    /** The dead-letter producer: as durable as the source's. */
    Properties deadLetterProperties() {
        return durableProducer(sink.servers());
    }

    /**
     * Idempotent (a retried send is written once), every replica acknowledges, and it never gives up on its own: what it has not
     * sent stays where it came from (the outbox, the sink's batch) however long Kafka is away.
     */
    private static Properties durableProducer(String servers) {
        Properties p = new Properties();
        p.put("bootstrap.servers", servers);
        p.put("enable.idempotence", "true");
        p.put("acks", "all");
        p.put("delivery.timeout.ms", String.valueOf(Integer.MAX_VALUE));
        p.put("max.block.ms", String.valueOf(Long.MAX_VALUE));
        return p;
    }
}
