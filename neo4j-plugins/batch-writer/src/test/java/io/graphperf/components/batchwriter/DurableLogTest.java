package io.graphperf.components.batchwriter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What was acknowledged is read back; a torn or corrupted tail is detected, cut off and reported. */
class DurableLogTest {

    @Test
    void groupCommitAcknowledgesAfterSyncAndEverythingReadsBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("writes.log");
        List<CompletableFuture<Long>> acks = new ArrayList<>();
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.group(5))) {
            for (int i = 0; i < 1000; i++) acks.add(log.append(("write " + i).getBytes(StandardCharsets.UTF_8)).durable());
            for (int i = 0; i < acks.size(); i++) assertEquals(i + 1, acks.get(i).get().longValue());
            assertTrue(log.fsyncs() >= 1 && log.fsyncs() < 1000, "group commit: far fewer fsyncs than writes, got " + log.fsyncs());
        }
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE)) {
            DurableLog.Recovery r = log.recovery();
            assertEquals(1000, r.entries().size());
            assertEquals(0, r.truncatedBytes());
            assertNull(r.reason());
            assertArrayEquals("write 999".getBytes(StandardCharsets.UTF_8), r.entries().get(999).payload());
            assertEquals(1001, log.append(new byte[]{1}).durable().get().longValue(), "sequence numbers continue after a reopen");
            assertEquals(1, log.fsyncs(), "per-write sync: one fsync for the one write");
        }
    }

    /**
     * Appends that arrive during every force (each acknowledgement appends the next record at once; a log that acknowledges before its
     * force lets them come while it forces) leave no force ending with nothing pending: the log must roll all the same, and every
     * record reads back in order across the segments.
     */
    @Test
    void theLogRollsWhileAppendsArriveDuringEveryForce(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("writes.log");
        int records = 200;
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(records);
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.group(0), 4096, LogFiles.DISK, true)) {
            Runnable[] next = new Runnable[1];
            next[0] = () -> {
                try {
                    log.append(new byte[100]).durable().thenRun(() -> {
                        done.countDown();
                        if (done.getCount() > 0) next[0].run();
                    });
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            };
            next[0].run();
            assertTrue(done.await(60, java.util.concurrent.TimeUnit.SECONDS), "every record acknowledged");
            assertTrue(log.segments() >= 4, "about 24 KB in 4 KB segments rolled while appends were pending: " + log.segments() + " segments");
        }
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE)) {
            assertEquals(records, log.recovery().entries().size());
            for (int i = 0; i < records; i++) assertEquals(i + 1, log.recovery().entries().get(i).sequence());
        }
    }

    @Test
    void aTornLastRecordIsCutOffAndReported(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("writes.log");
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE)) {
            for (int i = 0; i < 10; i++) log.append(new byte[100]).durable().get();
        }
        long intact = Files.size(file) - (DurableLog.HEADER + 100);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(file) - 37); // the crash tore the last record
        }
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE)) {
            assertEquals(9, log.recovery().entries().size());
            assertEquals(DurableLog.HEADER + 100 - 37, log.recovery().truncatedBytes());
            assertTrue(log.recovery().reason().contains("incomplete record 10"), log.recovery().reason());
            assertEquals(intact, Files.size(file), "the torn tail is gone from the file");
            assertEquals(10, log.append(new byte[]{7}).durable().get().longValue(), "the torn record's sequence is reused: it was never acknowledged");
        }
    }

    @Test
    void aCorruptedRecordFailsItsChecksum(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("writes.log");
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE)) {
            for (int i = 0; i < 3; i++) log.append(("record " + i).getBytes(StandardCharsets.UTF_8)).durable().get();
        }
        long size = Files.size(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[]{'X'}), size - 2); // a flipped byte inside the last payload
        }
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE)) {
            assertEquals(2, log.recovery().entries().size());
            assertTrue(log.recovery().reason().startsWith("checksum mismatch in record 3"), log.recovery().reason());
        }
    }

    @Test
    void segmentsRollKeepTheirOrderAndAreDeletedOnceApplied(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("writes.log");
        long segmentBytes = 4 * (DurableLog.HEADER + 100);
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE, segmentBytes)) {
            for (int i = 0; i < 20; i++) log.append(new byte[100]).durable().get();
            assertEquals(5, log.segments(), "a segment is closed every 4 records");
            assertTrue(Files.exists(dir.resolve("writes.log.1-4")) && Files.exists(dir.resolve("writes.log.17-20")));
        }
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.group(1), segmentBytes)) {
            assertEquals(20, log.recovery().entries().size());
            for (int i = 0; i < 20; i++) assertEquals(i + 1, log.recovery().entries().get(i).sequence());
            assertEquals(2, log.release(10, false), "segments 1-4 and 5-8 hold only applied records; 9-12 does not");
            assertEquals(21, log.append(new byte[100]).durable().get().longValue());
        }
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE, segmentBytes)) {
            assertEquals(9, log.recovery().entries().get(0).sequence(), "replay starts at the oldest kept segment");
            assertEquals(13, log.recovery().entries().size());
            assertEquals(4, log.release(21, true), "everything applied: the active file (21) closes, and it and segments 9-12, 13-16, 17-20 go");
            assertEquals(0, log.sizeBytes());
            log.startAtLeast(22);
            assertEquals(22, log.append(new byte[]{1}).durable().get().longValue());
        }
        try (DurableLog log = DurableLog.open(file, DurableLog.Sync.PER_WRITE, segmentBytes)) {
            assertEquals(List.of(22L), log.recovery().entries().stream().map(DurableLog.Entry::sequence).toList());
        }
    }
}
