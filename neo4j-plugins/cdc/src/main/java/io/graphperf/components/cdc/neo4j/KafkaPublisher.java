package io.graphperf.components.cdc.neo4j;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Future;

/**
 * The relay's records to the source topic, with the source and its position in headers, through the durable producer of
 * {@link CdcSettings}: by default transactional, one Kafka transaction per relay round.
 */
final class KafkaPublisher implements OutboxRelay.Publisher {

    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final byte[] source;
    private final boolean transactions;

    KafkaPublisher(CdcSettings settings) {
        this.producer = new KafkaProducer<>(settings.producerProperties(), new ByteArraySerializer(), new ByteArraySerializer());
        this.topic = settings.sourceTopic();
        this.source = settings.sourceId().getBytes(StandardCharsets.UTF_8);
        this.transactions = settings.transactions();
        try {
            if (transactions) producer.initTransactions();
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
    }

    @Override
    public void begin() {
        if (transactions) producer.beginTransaction();
    }

    @Override
    public void commit() {
        if (transactions) producer.commitTransaction();
    }

    @Override
    public Future<?> send(String key, byte[] value, long seq, int index) {
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value);
        r.headers().add(OutboxRelay.SEQ, ByteBuffer.allocate(8).putLong(0, seq).array());
        r.headers().add(OutboxRelay.INDEX, ByteBuffer.allocate(4).putInt(0, index).array());
        r.headers().add(OutboxRelay.SOURCE, source);
        return producer.send(r);
    }

    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        // what Kafka has not acknowledged (or a transaction not committed) stays in the outbox: no need to wait for it here
        producer.close(Duration.ofSeconds(5));
    }
}
