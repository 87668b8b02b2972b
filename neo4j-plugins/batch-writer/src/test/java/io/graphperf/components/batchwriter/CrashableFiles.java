package io.graphperf.components.batchwriter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Files that lose at a crash whatever was never synced, as a power cut does (LazyFS's semantics), kept as real
 * files in one directory. A file's content is durable up to its last force; a directory entry (a new file, a
 * rename, a delete) only once the directory is synced. {@link #crash()} fences every open channel — the crashed
 * process can write nothing more — and {@link #restart} puts back on disk exactly what was durable, optionally
 * with a random part of an unsynced appended tail (a torn write). A crash can also be set to happen at the n-th
 * call of an operation, before or after it runs: the kill points inside a segment roll.
 */
final class CrashableFiles implements LogFiles {

    /** A file's identity, which survives renames; {@code durable} is its content as of its last force. */
    private static final class Inode {
        byte[] durable = new byte[0];
    }

    /** Where a crash is set to happen: the {@code nth} call of {@code operation}, before it or just after it. */
    record CrashPoint(String operation, int nth, boolean after) {
        @Override
        public String toString() {
            return (after ? "after " : "before ") + operation + " #" + nth;
        }
    }

    private final Object lock = new Object();
    private final Map<Path, Inode> names = new HashMap<>();
    private Map<Path, Inode> durableNames = new HashMap<>();
    private final Map<String, Integer> calls = new HashMap<>();
    private final long forceDelayMicros;
    private int generation;
    private boolean crashed;
    private CrashPoint point;
    private Runnable onCrash = () -> { };
    private int tornTails;
    private final java.util.List<String> pointCrashes = new java.util.ArrayList<>();

    /** {@code forceDelayMicros}: how long a force takes beyond the real one (a slower disk widens the window a lie needs). */
    CrashableFiles(long forceDelayMicros) {
        this.forceDelayMicros = forceDelayMicros;
    }

    /** What else goes down with the files (the database's connection of the crashed process). */
    void onCrash(Runnable r) {
        onCrash = r;
    }

    void crashAt(CrashPoint p) {
        synchronized (lock) {
            point = p;
            calls.clear();
        }
    }

    /** The power goes: nothing more reaches the files through any channel opened before. */
    void crash() {
        synchronized (lock) {
            if (crashed) return;
            crashed = true;
            generation++;
            point = null;
        }
        onCrash.run();
    }

    boolean crashed() {
        synchronized (lock) {
            return crashed;
        }
    }

    /** The crash points that were reached (and crashed), in order. */
    java.util.List<String> pointCrashes() {
        synchronized (lock) {
            return java.util.List.copyOf(pointCrashes);
        }
    }

    /** Torn tails put back by {@link #restart} so far. */
    int tornTails() {
        synchronized (lock) {
            return tornTails;
        }
    }

    /**
     * After a crash: the directory holds what was durable — its synced entries with their forced contents —
     * and, when {@code tear}, a file whose unsynced content only appended to what was forced keeps a random
     * prefix of that tail (a write torn by the crash).
     */
    void restart(Random random, boolean tear) throws IOException {
        synchronized (lock) {
            if (!crashed) throw new IllegalStateException("restart without a crash");
            Map<Inode, byte[]> current = new HashMap<>();
            Set<Path> all = new HashSet<>(names.keySet());
            all.addAll(durableNames.keySet());
            for (Path p : all) {
                Inode inode = names.get(p);
                if (inode != null && Files.exists(p)) current.put(inode, Files.readAllBytes(p));
                Files.deleteIfExists(p);
            }
            for (Map.Entry<Path, Inode> e : durableNames.entrySet()) {
                byte[] content = e.getValue().durable;
                byte[] now = current.get(e.getValue());
                if (tear && now != null && now.length > content.length && startsWith(now, content) && random.nextBoolean()) {
                    int keep = content.length + 1 + random.nextInt(now.length - content.length);
                    content = java.util.Arrays.copyOf(now, keep);
                    tornTails++;
                }
                Files.write(e.getKey(), content);
                e.getValue().durable = content;
            }
            names.clear();
            names.putAll(durableNames);
            durableNames = new HashMap<>(names);
            crashed = false;
        }
    }

    private static boolean startsWith(byte[] a, byte[] prefix) {
        return java.util.Arrays.equals(a, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** Counts the call; crashes and throws when the crash point is this call (and, for "after", once it ran). */
    private void enter(String operation) throws IOException {
        boolean crashNow;
        synchronized (lock) {
            if (crashed) throw new IOException("crashed");
            int n = calls.merge(operation, 1, Integer::sum);
            crashNow = point != null && point.operation().equals(operation) && point.nth() == n && !point.after();
            if (crashNow) pointCrashes.add(point.toString());
        }
        if (crashNow) {
            crash();
            throw new IOException("crashed before " + operation);
        }
    }

    private void leave(String operation) throws IOException {
        boolean crashNow;
        synchronized (lock) {
            crashNow = point != null && point.operation().equals(operation) && point.nth() == calls.getOrDefault(operation, 0) && point.after();
            if (crashNow) pointCrashes.add(point.toString());
        }
        if (crashNow) {
            crash();
            throw new IOException("crashed after " + operation);
        }
    }

    @Override
    public FileChannel open(Path file, boolean mustBeNew) throws IOException {
        String op = mustBeNew ? "create" : "open";
        enter(op);
        Channel c;
        synchronized (lock) {
            if (crashed) throw new IOException("crashed");
            Inode inode = names.get(file);
            if (inode == null || mustBeNew) {
                if (mustBeNew && inode != null) throw new java.nio.file.FileAlreadyExistsException(file.toString());
                inode = new Inode();
                names.put(file, inode);
            }
            FileChannel real = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            c = new Channel(real, inode, generation);
        }
        leave(op);
        return c;
    }

    @Override
    public void move(Path from, Path to) throws IOException {
        enter("move");
        synchronized (lock) {
            if (crashed) throw new IOException("crashed");
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            names.put(to, names.remove(from));
        }
        leave("move");
    }

    @Override
    public void delete(Path file) throws IOException {
        enter("delete");
        synchronized (lock) {
            if (crashed) throw new IOException("crashed");
            Files.deleteIfExists(file);
            names.remove(file);
        }
        leave("delete");
    }

    @Override
    public void syncDirectory(Path dir) throws IOException {
        enter("syncDirectory");
        synchronized (lock) {
            if (crashed) throw new IOException("crashed");
            durableNames = new HashMap<>(names);
        }
        leave("syncDirectory");
    }

    private interface Io<T> {
        T call() throws IOException;
    }

    /** A real file channel that stops at the crash and records its content as durable at each force. */
    private final class Channel extends FileChannel {
        private final FileChannel real;
        private final Inode inode;
        private final int born;

        Channel(FileChannel real, Inode inode, int born) {
            this.real = real;
            this.inode = inode;
            this.born = born;
        }

        private void alive() throws IOException {
            synchronized (lock) {
                if (crashed || generation != born) throw new IOException("crashed");
            }
        }

        /** A change to the file, made only while the power is on (a crash cannot come half-way through it). */
        private <T> T change(Io<T> io) throws IOException {
            synchronized (lock) {
                alive();
                return io.call();
            }
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            alive();
            return real.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            alive();
            return real.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return change(() -> real.write(src));
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return change(() -> real.write(srcs, offset, length));
        }

        @Override
        public long position() throws IOException {
            return real.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            alive();
            real.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return real.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            change(() -> real.truncate(size));
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            enter("force");
            if (forceDelayMicros > 0) {
                try {
                    TimeUnit.MICROSECONDS.sleep(forceDelayMicros);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted in force");
                }
            }
            synchronized (lock) {
                alive();
                real.force(metaData);
                ByteBuffer all = ByteBuffer.allocate((int) real.size());
                real.read(all, 0);
                inode.durable = all.array();
            }
            leave("force");
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            alive();
            return real.read(dst, position);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return change(() -> real.write(src, position));
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) {
            throw new UnsupportedOperationException();
        }

        @Override
        protected void implCloseChannel() throws IOException {
            real.close();
        }
    }
}
