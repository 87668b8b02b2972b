package io.graphperf.components.batchwriter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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
 * <p>Syncing: {@link Sync#PER_WRITE} writes and forces the file in every append; {@link Sync#group(long)}
 * appends into memory, and one background thread (every N ms, or back to back) writes what was appended
 * since its last force in one write, forces the file and acknowledges all of it at once (group commit).
 * Appends go on while a force runs: they wait only for the next one.
 *
 * <p>Segments: records go to the active file; once it holds {@code segmentBytes} of durable records it is
 * renamed {@code NAME.FIRST-LAST} and a new active file starts. {@link #release(long, boolean)} deletes
 * segments whose records are all applied, so the log stays about one segment larger than what is not yet
 * applied, however long the writer runs.
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

    /** An appended record (or the last of several appended at once): its sequence number at once, and a future completed once it is durable. */
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

    public static final long DEFAULT_SEGMENT_BYTES = 64L << 20;

    private final Path file;
    private final LogFiles files;
    private final boolean acknowledgeBeforeForce;
    private FileChannel channel;
    private final Sync sync;
    private final long segmentBytes;
    private final List<Segment> segments = new ArrayList<>();
    private long activeFirst = -1;
    /** Guards appends, the record buffer, sequence numbers, segments and the channel's replacement. */
    private final Object lock = new Object();
    /** One force at a time: the syncer's, or the last one at close. */
    private final Object syncLock = new Object();
    private List<Pending> unsynced = new ArrayList<>();
    /** Records appended since the last force began, not yet written (group commit only); and the one being written. */
    private ByteBuffer buffer = ByteBuffer.allocate(1 << 16), spare = ByteBuffer.allocate(1 << 16);
    /** True while the syncer writes and forces outside the lock: the channel must not be replaced then. */
    private boolean forcing;
    private IOException failed;
    private final Thread syncer;
    private final AtomicLong fsyncs = new AtomicLong();
    private final Recovery recovery;
    private long nextSequence;
    private volatile long durableSequence;
    private volatile boolean closed;

    private record Pending(long sequence, CompletableFuture<Long> done) {
    }

    /** A closed segment and the sequences it holds. */
    private record Segment(Path path, long first, long last) {
    }

    private DurableLog(Path file, Sync sync, long segmentBytes, LogFiles files, boolean acknowledgeBeforeForce) throws IOException {
        this.file = file;
        this.sync = sync;
        this.segmentBytes = segmentBytes;
        this.files = files;
        this.acknowledgeBeforeForce = acknowledgeBeforeForce;
        boolean created = !Files.exists(file);
        this.channel = files.open(file, false);
        // a new file's name is durable only once its directory is synced: without it a crash could lose acknowledged records
        if (created) files.syncDirectory(file.toAbsolutePath().getParent());
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

    /** Opens (creating if needed) the log whose active file is {@code file}, recovering what it and its segments hold. */
    public static DurableLog open(Path file, Sync sync) throws IOException {
        return open(file, sync, DEFAULT_SEGMENT_BYTES);
    }

    public static DurableLog open(Path file, Sync sync, long segmentBytes) throws IOException {
        return open(file, sync, segmentBytes, LogFiles.DISK, false);
    }

    /**
     * Opens the log on {@code files}. {@code acknowledgeBeforeForce} makes a deliberately broken log that
     * acknowledges a group before forcing it — only for showing that the crash test catches such a lie.
     */
    static DurableLog open(Path file, Sync sync, long segmentBytes, LogFiles files, boolean acknowledgeBeforeForce) throws IOException {
        if (segmentBytes < HEADER) throw new IllegalArgumentException("segment size too small: " + segmentBytes);
        Files.createDirectories(file.toAbsolutePath().getParent());
        return new DurableLog(file, sync, segmentBytes, files, acknowledgeBeforeForce);
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

    /** True once a write, force or segment roll failed: nothing more is appended or made durable. */
    public boolean failed() {
        synchronized (lock) {
            return failed != null;
        }
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
     * Deletes the segments whose records are all applied (up to {@code applied}). With {@code emptyIfAllApplied},
     * when every record is applied the active file is closed as a segment first, so the log ends up empty
     * (sequence numbers continue). Returns how many segments were deleted.
     */
    public int release(long applied, boolean emptyIfAllApplied) throws IOException {
        synchronized (lock) {
            if (closed) return 0;
            if (emptyIfAllApplied && applied >= nextSequence - 1 && unsynced.isEmpty() && !forcing) roll();
            int deleted = 0;
            while (!segments.isEmpty() && segments.get(0).last() <= applied) {
                files.delete(segments.remove(0).path());
                deleted++;
            }
            return deleted;
        }
    }

    /**
     * Closes the active file as a segment holding the records written to it (all forced: no force is running) and opens a new one.
     * Records appended meanwhile and not yet written go to the new file: under a sustained load a force rarely ends with nothing
     * pending, and the log must roll all the same, or the active file grows without bound and nothing can be deleted. A crash
     * before the directory's sync finds the records under the old name.
     */
    private void roll() throws IOException {
        if (activeFirst < 0 || activeFirst > durableSequence) return;
        try {
            channel.close();
            Path segment = file.resolveSibling(file.getFileName() + "." + activeFirst + "-" + durableSequence);
            files.move(file, segment);
            segments.add(new Segment(segment, activeFirst, durableSequence));
            channel = files.open(file, true);
            files.syncDirectory(file.toAbsolutePath().getParent());
            activeFirst = unsynced.isEmpty() ? -1 : unsynced.get(0).sequence();
        } catch (IOException e) {
            // half a roll leaves no file to append to: the log stops, and the next start recovers what is on disk
            failed = e;
            throw e;
        }
    }

    private void rollIfFull() throws IOException {
        if (!forcing && channel.size() >= segmentBytes) roll();
    }

    /** Segments besides the active file. */
    public int segments() {
        synchronized (lock) {
            return segments.size();
        }
    }

    /** Bytes in the log: the active file and its segments. */
    public long sizeBytes() throws IOException {
        synchronized (lock) {
            long n = closed || !channel.isOpen() ? 0 : channel.size();
            for (Segment seg : segments) n += Files.size(seg.path());
            return n;
        }
    }

    /**
     * Appends a record. Its future completes with the sequence number once the record is durable
     * (synced), or exceptionally when the log fails or closes first.
     */
    public Appended append(byte[] payload) throws IOException {
        return appendAll(List.of(payload));
    }

    /**
     * Appends records with consecutive sequences, all in one go: the future (of the last sequence) completes once every one of them is
     * durable — one acknowledgement for a client's coalesced batch instead of one per record.
     */
    public Appended appendAll(List<byte[]> payloads) throws IOException {
        if (payloads.isEmpty()) throw new IllegalArgumentException("nothing to append");
        int bytes = 0;
        for (byte[] payload : payloads) {
            if (payload.length > MAX_PAYLOAD) throw new IllegalArgumentException("record of " + payload.length + " bytes exceeds " + MAX_PAYLOAD);
            bytes += HEADER + payload.length;
        }
        CompletableFuture<Long> done = new CompletableFuture<>();
        synchronized (lock) {
            if (closed) throw new IOException("log " + file + " is closed");
            if (failed != null) throw new IOException("log " + file + " failed: " + failed.getMessage(), failed);
            if (activeFirst < 0) activeFirst = nextSequence;
            ByteBuffer into = sync.perWrite() ? ByteBuffer.allocate(bytes) : room(bytes);
            long seq = 0;
            for (byte[] payload : payloads) {
                seq = nextSequence++;
                into.put(MAGIC).putInt(payload.length).putInt(checksum(seq, payload)).putLong(seq).put(payload);
            }
            if (sync.perWrite()) {
                into.flip();
                while (into.hasRemaining()) channel.write(into);
                channel.force(false);
                fsyncs.incrementAndGet();
                durableSequence = seq;
                done.complete(seq);
                rollIfFull();
            } else {
                unsynced.add(new Pending(seq, done));
                if (sync.groupMillis() == 0 && unsynced.size() == 1) lock.notifyAll();
            }
            return new Appended(seq, done);
        }
    }

    /** The group-commit buffer, grown to hold {@code bytes} more; the caller holds the lock. */
    private ByteBuffer room(int bytes) {
        if (buffer.remaining() < bytes) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, buffer.position() + bytes));
            buffer = bigger.put(buffer.flip());
        }
        return buffer;
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

    /**
     * Writes what was appended since the last force in one write, forces it and acknowledges it. Appends
     * made meanwhile go to the other buffer and wait for the next force. A failed write or force fails the
     * log: its records and every later append are refused, as the file's tail is then unknown.
     */
    void syncNow() throws IOException {
        synchronized (syncLock) {
            List<Pending> batch;
            ByteBuffer bytes;
            FileChannel ch;
            synchronized (lock) {
                if (unsynced.isEmpty() || failed != null) return;
                batch = unsynced;
                unsynced = new ArrayList<>();
                bytes = buffer.flip();
                buffer = spare;
                forcing = true;
                ch = channel;
            }
            try {
                while (bytes.hasRemaining()) ch.write(bytes);
                if (acknowledgeBeforeForce) acknowledge(batch);
                ch.force(false);
            } catch (IOException e) {
                synchronized (lock) {
                    failed = e;
                    forcing = false;
                }
                for (Pending p : batch) p.done().completeExceptionally(e);
                failPending(e);
                throw e;
            }
            synchronized (lock) {
                durableSequence = batch.get(batch.size() - 1).sequence();
                forcing = false;
                spare = bytes.clear();
                rollIfFull();
            }
            fsyncs.incrementAndGet();
            if (!acknowledgeBeforeForce) acknowledge(batch);
        }
    }

    private static void acknowledge(List<Pending> batch) {
        for (Pending p : batch) p.done().complete(p.sequence());
    }

    private void failPending(Exception e) {
        List<Pending> batch;
        synchronized (lock) {
            batch = unsynced;
            unsynced = new ArrayList<>();
            buffer.clear();
        }
        for (Pending p : batch) p.done().completeExceptionally(e);
    }

    /** Reads the segments in order, then the active file; cuts the first bad record and everything after it. */
    private Recovery recover() throws IOException {
        List<Entry> entries = new ArrayList<>();
        String prefix = file.getFileName() + ".";
        List<Segment> found = new ArrayList<>();
        try (var files = Files.list(file.toAbsolutePath().getParent())) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = p.getFileName().toString();
                if (!name.startsWith(prefix)) continue;
                String[] range = name.substring(prefix.length()).split("-");
                if (range.length == 2 && range[0].matches("\\d+") && range[1].matches("\\d+")) {
                    found.add(new Segment(p, Long.parseLong(range[0]), Long.parseLong(range[1])));
                }
            }
        }
        found.sort(Comparator.comparingLong(Segment::first));
        long[] expected = {-1};
        long truncated = 0;
        String reason = null;
        for (int i = 0; i < found.size(); i++) {
            Segment seg = found.get(i);
            try (FileChannel ch = files.open(seg.path(), false)) {
                Scan scan = scan(ch, entries, expected);
                if (scan.reason() == null) {
                    segments.add(seg);
                    continue;
                }
                // corruption inside a closed segment: nothing after it can follow on in sequence
                reason = scan.reason() + " in segment " + seg.path().getFileName();
                truncated += ch.size() - scan.end();
                ch.truncate(scan.end());
                ch.force(true);
                if (scan.end() > 0) segments.add(new Segment(seg.path(), seg.first(), entries.get(entries.size() - 1).sequence()));
                else files.delete(seg.path());
            }
            for (Segment later : found.subList(i + 1, found.size())) {
                truncated += Files.size(later.path());
                files.delete(later.path());
            }
            truncated += channel.size();
            channel.truncate(0);
            channel.force(true);
            return new Recovery(List.copyOf(entries), truncated, reason + " (later records removed)");
        }
        Scan scan = scan(channel, entries, expected);
        long cut = channel.size() - scan.end();
        if (cut > 0) {
            channel.truncate(scan.end());
            channel.force(true);
        }
        if (scan.firstSequence() >= 0) activeFirst = scan.firstSequence();
        return new Recovery(List.copyOf(entries), cut, scan.reason());
    }

    private record Scan(long end, String reason, long firstSequence) {
    }

    /** Reads intact records from the start of {@code ch}, checking order against {@code expected[0]}. */
    private static Scan scan(FileChannel ch, List<Entry> entries, long[] expected) throws IOException {
        long size = ch.size(), pos = 0, first = -1;
        ByteBuffer header = ByteBuffer.allocate(HEADER);
        while (pos < size) {
            if (size - pos < HEADER) return new Scan(pos, "incomplete record header at byte " + pos, first);
            header.clear();
            ch.read(header, pos);
            header.flip();
            byte magic = header.get();
            int length = header.getInt(), crc = header.getInt();
            long seq = header.getLong();
            if (magic != MAGIC || length < 0 || length > MAX_PAYLOAD) return new Scan(pos, "bad record header at byte " + pos, first);
            if (size - pos - HEADER < length) return new Scan(pos, "incomplete record " + seq + " at byte " + pos + " (torn write)", first);
            ByteBuffer payload = ByteBuffer.allocate(length);
            ch.read(payload, pos + HEADER);
            byte[] p = payload.array();
            if (checksum(seq, p) != crc) return new Scan(pos, "checksum mismatch in record " + seq + " at byte " + pos, first);
            if (expected[0] >= 0 && seq != expected[0]) {
                return new Scan(pos, "sequence " + seq + " where " + expected[0] + " was expected at byte " + pos, first);
            }
            entries.add(new Entry(seq, p));
            if (first < 0) first = seq;
            expected[0] = seq + 1;
            pos += HEADER + length;
        }
        return new Scan(pos, null, first);
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
