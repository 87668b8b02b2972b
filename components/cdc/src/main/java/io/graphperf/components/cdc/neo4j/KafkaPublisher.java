package io.graphperf.components.cdc.neo4j;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Future;

/** The relay's records to the source topic, with the source position in headers, through the durable producer of {@link CdcSettings}. */
final class KafkaPublisher implements OutboxRelay.Publisher {

    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;

    KafkaPublisher(CdcSettings settings) {
        this.producer = new KafkaProducer<>(settings.producerProperties(), new ByteArraySerializer(), new ByteArraySerializer());
        this.topic = settings.sourceTopic();
    }

    @Override
    public Future<?> send(String key, byte[] value, long seq, int index) {
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value);
        r.headers().add(OutboxRelay.SEQ, ByteBuffer.allocate(8).putLong(0, seq).array());
        r.headers().add(OutboxRelay.INDEX, ByteBuffer.allocate(4).putInt(0, index).array());
        return producer.send(r);
    }

    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        // what Kafka has not acknowledged stays in the outbox: no need to wait for it here
        producer.close(Duration.ofSeconds(5));
    }
}
