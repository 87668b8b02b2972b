package io.graphperf.engines.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real KRaft broker: formatted, started, written to, killed, restarted with its data, stopped and removed. */
class KafkaBrokerIT {

    @TempDir
    Path tmp;

    @Test
    void keepsAcknowledgedRecordsAcrossAKillAndLeavesNothingBehind() throws Exception {
        Path home = Path.of(System.getProperty("graphperf.home", "../.."));
        Path dir = tmp.resolve("kafka");
        long pid;
        try (KafkaBroker broker = KafkaBroker.start(dir, home, "512m", Map.of("log.flush.interval.messages", "1"))) {
            pid = broker.pid();
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic("t", 2, (short) 1))).all().get();
            }
            send(broker, 0, 100);
            broker.kill();
            assertFalse(broker.isAlive());
            broker.restart();
            send(broker, 100, 200);
            assertEquals(200, read(broker).size(), "every acknowledged record is there after a kill and a restart");
        }
        assertFalse(Files.exists(dir), "the broker's folder is removed");
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the broker process is gone");
    }

    /** A port taken between graphperf's pick and the broker's bind (here: held throughout, so every start meets it) is named as such. */
    @Test
    void aPortTakenBeforeTheBrokerBindsItIsReportedAfterTheRetries() throws Exception {
        Path home = Path.of(System.getProperty("graphperf.home", "../.."));
        Path dir = tmp.resolve("kafka-taken");
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int taken = held.getLocalPort(), controller = io.graphperf.core.engine.FreshPorts.pick();
            String listeners = "PLAINTEXT://127.0.0.1:" + taken + ",CONTROLLER://127.0.0.1:" + controller;
            IOException e = assertThrows(IOException.class, () -> KafkaBroker.start(dir, home, "256m", Map.of("listeners", listeners,
                    "advertised.listeners", listeners, "controller.quorum.bootstrap.servers", "127.0.0.1:" + controller)));
            assertTrue(KafkaBroker.portTaken(e.getMessage()), "the failure says a port was in use: " + e.getMessage());
        }
        assertFalse(Files.exists(dir), "the broker's folder is removed after each failed start");
    }

    private static void send(KafkaBroker b, int from, int to) throws Exception {
        Properties p = new Properties();
        p.put("bootstrap.servers", b.bootstrapServers());
        p.put("acks", "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            for (int i = from; i < to; i++) producer.send(new ProducerRecord<>("t", "k" + i, "v" + i)).get();
        }
    }

    private static List<String> read(KafkaBroker b) {
        Properties p = new Properties();
        p.put("bootstrap.servers", b.bootstrapServers());
        List<String> out = new ArrayList<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> parts = List.of(new TopicPartition("t", 0), new TopicPartition("t", 1));
            c.assign(parts);
            c.seekToBeginning(parts);
            long deadline = System.currentTimeMillis() + 30_000;
            while (out.size() < 200 && System.currentTimeMillis() < deadline) {
                ConsumerRecords<String, String> r = c.poll(Duration.ofMillis(200));
                r.forEach(x -> out.add(x.value()));
            }
        }
        assertTrue(out.stream().distinct().count() == out.size(), "no record twice");
        return out;
    }
}
