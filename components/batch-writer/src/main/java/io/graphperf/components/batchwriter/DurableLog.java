package io.graphperf.components.batchwriter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;

/**
 * An append-only log of write requests that acknowledges a record only once it is on disk.
 *
 * <p>Record layout: {@code magic (1 byte) | payload length (int) | CRC32C of sequence and payload (int) |
 * sequence (long) | payload}. Opening the log scans it and stops at the first record that is incomplete
 * or fails its checksum (a torn write at a crash): that tail is cut off and reported, and no record after
 * it can have been acknowledged, because acknowledgement waits for the sync that covers the record.
 *
 * <p>Syncing: {@link Sync#PER_WRITE} forces the file after every append; {@link Sync#group(long)} forces
 * at most every N milliseconds from one background thread and acknowledges every record written before
 * that force at once (group commit), trading a few milliseconds of latency for far fewer fsyncs.
 */
public final class DurableLog implements AutoCloseable {

    static final byte MAGIC = (byte) 0xB7;
    static final int HEADER = 1 + 4 + 4 + 8;
    static final int MAX_PAYLOAD = 16 << 20;

    /**
     * How appends reach the disk before they are acknowledged: a force after every append, or group commit,
     * where one background thread forces whatever was appended since its last force — every
     * {@code groupMillis} ms, or (0) back to back, starting the next force as soon as the last one ends.
     */
    public record Sync(boolean perWrite, long groupMillis) {
        public static final Sync PER_WRITE = new Sync(true, 0);
        public static final Sync BACK_TO_BACK = new Sync(false, 0);

        public Sync {
            if (groupMillis < 0) throw new IllegalArgumentException("group commit interval must not be negative");
        }

        public static Sync group(long millis) {
            return new Sync(false, millis);
        }

        @Override
        public String toString() {
            if (perWrite) return "fsync per write";
            return groupMillis == 0 ? "group commit, back to back" : "group commit every " + groupMillis + " ms";
        }
    }

    /** An appended record: its sequence number at once, and a future completed once it is durable. */
    public record Appended(long sequence, CompletableFuture<Long> durable) {
    }

    /** One record read back. */
    public record Entry(long sequence, byte[] payload) {
    }

    /**
     * What opening the log found.
     *
     * @param entries        every intact record, in order
     * @param truncatedBytes bytes cut from the end (0 when the log ended cleanly)
     * @param reason         why the tail was cut, or null
     */
    public record Recovery(List<Entry> entries, long truncatedBytes, String reason) {
    }

    private final Path file;
    private final FileChannel channel;
    private final Sync sync;
    private final Object lock = new Object();
    private final List<Pending> unsynced = new ArrayList<>();
    private final Thread syncer;
    private final AtomicLong fsyncs = new AtomicLong();
    private final Recovery recovery;
    private long nextSequence;
    private volatile long durableSequence;
    private volatile boolean closed;

    private record Pending(long sequence, CompletableFuture<Long> done) {
    }

    private DurableLog(Path file, Sync sync) throws IOException {
        this.file = file;
        this.sync = sync;
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        this.recovery = recover();
        this.nextSequence = recovery.entries().isEmpty() ? 1 : recovery.entries().get(recovery.entries().size() - 1).sequence() + 1;
        this.durableSequence = nextSequence - 1;
        channel.position(channel.size());
        if (sync.perWrite()) {
            syncer = null;
        } else {
            syncer = new Thread(this::syncLoop, "graphperf-log-sync");
            syncer.setDaemon(true);
            syncer.start();
        }
    }

    /** Opens (creating if needed) the log at {@code file}, recovering what it holds. */
    public static DurableLog open(Path file, Sync sync) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        return new DurableLog(file, sync);
    }

    public Recovery recovery() {
        return recovery;
    }

    public Sync sync() {
        return sync;
    }

    public long fsyncs() {
        return fsyncs.get();
    }

    /** The highest sequence number known to be on disk: nothing after it may be applied yet. */
    public long durableSequence() {
        return durableSequence;
    }

    /** The highest sequence number appended (durable or not), 0 when nothing was ever appended. */
    public long lastSequence() {
        synchronized (lock) {
            return nextSequence - 1;
        }
    }

    /**
     * Makes the next record's sequence at least {@code sequence}: used when the log was emptied (or lost)
     * but the graph says writes up to {@code sequence - 1} were applied, so new records never reuse a
     * sequence number the applied position already covers.
     */
    public void startAtLeast(long sequence) {
        synchronized (lock) {
            if (sequence > nextSequence) {
                nextSequence = sequence;
                durableSequence = Math.max(durableSequence, sequence - 1);
            }
        }
    }

    /**
     * Empties the log once everything in it is applied, so it does not grow without end; sequence numbers
     * continue. Refused (false) while any record is not yet durable.
     */
    public boolean clear() throws IOException {
        synchronized (lock) {
            if (!unsynced.isEmpty() || closed) return false;
            channel.truncate(0);
            channel.position(0);
            channel.force(true);
            fsyncs.incrementAndGet();
            return true;
        }
    }

    /** Bytes in the log file. */
    public long sizeBytes() throws IOException {
        return channel.size();
    }

    /**
     * Appends a record. Its future completes with the sequence number once the record is durable
     * (synced), or exceptionally when the log fails or closes first.
     */
    public Appended append(byte[] payload) throws IOException {
        if (payload.length > MAX_PAYLOAD) throw new IllegalArgumentException("record of " + payload.length + " bytes exceeds " + MAX_PAYLOAD);
        CompletableFuture<Long> done = new CompletableFuture<>();
        synchronized (lock) {
            if (closed) throw new IOException("log " + file + " is closed");
            long seq = nextSequence++;
            ByteBuffer b = ByteBuffer.allocate(HEADER + payload.length);
            b.put(MAGIC).putInt(payload.length).putInt(checksum(seq, payload)).putLong(seq).put(payload).flip();
            while (b.hasRemaining()) channel.write(b);
            if (sync.perWrite()) {
                channel.force(false);
                fsyncs.incrementAndGet();
                durableSequence = seq;
                done.complete(seq);
            } else {
                unsynced.add(new Pending(seq, done));
                if (sync.groupMillis() == 0 && unsynced.size() == 1) lock.notifyAll();
            }
            return new Appended(seq, done);
        }
    }

    private void syncLoop() {
        while (!closed) {
            try {
                if (sync.groupMillis() > 0) {
                    Thread.sleep(sync.groupMillis());
                } else {
                    synchronized (lock) {
                        while (unsynced.isEmpty() && !closed) lock.wait();
                    }
                }
                syncNow();
            } catch (InterruptedException e) {
                return;
            } catch (IOException e) {
                failPending(e);
            }
        }
    }

    /** Forces everything appended so far and acknowledges it. */
    void syncNow() throws IOException {
        List<Pending> batch;
        synchronized (lock) {
            if (unsynced.isEmpty()) return;
            batch = new ArrayList<>(unsynced);
            unsynced.clear();
            // appends after this point wait for the next force; the ones in the batch are all in the file
            channel.force(false);
            durableSequence = batch.get(batch.size() - 1).sequence();
        }
        fsyncs.incrementAndGet();
        for (Pending p : batch) p.done().complete(p.sequence());
    }

    private void failPending(Exception e) {
        List<Pending> batch;
        synchronized (lock) {
            batch = new ArrayList<>(unsynced);
            unsynced.clear();
        }
        for (Pending p : batch) p.done().completeExceptionally(e);
    }

    private Recovery recover() throws IOException {
        List<Entry> entries = new ArrayList<>();
        long size = channel.size(), pos = 0;
        String reason = null;
        ByteBuffer header = ByteBuffer.allocate(HEADER);
        long expected = -1;
        while (pos < size) {
            if (size - pos < HEADER) {
                reason = "incomplete record header at byte " + pos;
                break;
            }
            header.clear();
            channel.read(header, pos);
            header.flip();
            byte magic = header.get();
            int length = header.getInt(), crc = header.getInt();
            long seq = header.getLong();
            if (magic != MAGIC || length < 0 || length > MAX_PAYLOAD) {
                reason = "bad record header at byte " + pos;
                break;
            }
            if (size - pos - HEADER < length) {
                reason = "incomplete record " + seq + " at byte " + pos + " (torn write)";
                break;
            }
            ByteBuffer payload = ByteBuffer.allocate(length);
            channel.read(payload, pos + HEADER);
            byte[] p = payload.array();
            if (checksum(seq, p) != crc) {
                reason = "checksum mismatch in record " + seq + " at byte " + pos;
                break;
            }
            if (expected >= 0 && seq != expected) {
                reason = "sequence " + seq + " where " + expected + " was expected at byte " + pos;
                break;
            }
            entries.add(new Entry(seq, p));
            expected = seq + 1;
            pos += HEADER + length;
        }
        long truncated = size - pos;
        if (truncated > 0) {
            channel.truncate(pos);
            channel.force(true);
        }
        return new Recovery(List.copyOf(entries), truncated, reason);
    }

    static int checksum(long seq, byte[] payload) {
        CRC32C c = new CRC32C();
        c.update(ByteBuffer.allocate(8).putLong(0, seq));
        c.update(payload);
        return (int) c.getValue();
    }

    /** Syncs what is pending, stops the syncer and closes the file. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        try {
            syncNow();
        } finally {
            closed = true;
            synchronized (lock) {
                lock.notifyAll();
            }
            if (syncer != null) syncer.interrupt();
            failPending(new IOException("log " + file + " closed"));
            channel.close();
        }
    }
}
