import io.graphperf.components.batchwriter.DurableLog;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How the batch writer's log should reach the disk: acknowledged appends per second and acknowledgement
 * latency for N threads appending 100-byte records, each waiting for its own acknowledgement (as a client
 * of the writer does). Candidates: fsync after every append (FileChannel.force), a file opened with
 * O_DSYNC (every write synchronous, no explicit force), and group commit back to back (the next force
 * starts when the last ends) or every 1, 2 and 5 ms.
 * Usage: bench/log-choice.sh [SECONDS]   (run from the repository root; writes into results/log-choice)
 */
public class LogChoice {

    interface Log extends AutoCloseable {
        void appendAndWait(byte[] record) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        Path dir = Path.of("results", "log-choice");
        Files.createDirectories(dir);
        System.out.printf("%-28s %8s %14s %10s %10s %12s%n", "log", "threads", "acks/s", "p50 ms", "p99 ms", "fsyncs/s");
        for (int threads : new int[]{8, 64}) {
            run("fsync per write", threads, seconds, dir, durable(dir, DurableLog.Sync.PER_WRITE));
            run("O_DSYNC file", threads, seconds, dir, dsync(dir));
            for (long ms : new long[]{0, 1, 2, 5}) run(DurableLog.Sync.group(ms).toString(), threads, seconds, dir, durable(dir, DurableLog.Sync.group(ms)));
        }
    }

    interface Factory {
        Object[] open() throws Exception; // {Log, fsync counter supplier}
    }

    static Factory durable(Path dir, DurableLog.Sync sync) {
        return () -> {
            Path f = dir.resolve("bench.log");
            Files.deleteIfExists(f);
            DurableLog log = DurableLog.open(f, sync);
            Log l = new Log() {
                public void appendAndWait(byte[] r) throws Exception { log.append(r).durable().get(); }
                public void close() throws Exception { log.close(); }
            };
            return new Object[]{l, (java.util.function.LongSupplier) log::fsyncs};
        };
    }

    static Factory dsync(Path dir) {
        return () -> {
            Path f = dir.resolve("bench-dsync.log");
            Files.deleteIfExists(f);
            FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.DSYNC);
            java.util.concurrent.atomic.AtomicLong writes = new java.util.concurrent.atomic.AtomicLong();
            Log l = new Log() {
                public synchronized void appendAndWait(byte[] r) throws Exception {
                    ByteBuffer b = ByteBuffer.wrap(r);
                    while (b.hasRemaining()) ch.write(b);
                    writes.incrementAndGet();
                }
                public void close() throws Exception { ch.close(); }
            };
            return new Object[]{l, (java.util.function.LongSupplier) writes::get};
        };
    }

    static void run(String name, int threads, double seconds, Path dir, Factory factory) throws Exception {
        Object[] opened = factory.open();
        Log log = (Log) opened[0];
        java.util.function.LongSupplier syncs = (java.util.function.LongSupplier) opened[1];
        AtomicBoolean stop = new AtomicBoolean();
        List<Histogram> hs = new ArrayList<>();
        List<Thread> ts = new ArrayList<>();
        byte[] record = new byte[100];
        for (int i = 0; i < threads; i++) {
            Histogram h = new Histogram(60_000_000_000L, 3);
            hs.add(h);
            Thread t = new Thread(() -> {
                try {
                    while (!stop.get()) {
                        long t0 = System.nanoTime();
                        log.appendAndWait(record);
                        h.recordValue(System.nanoTime() - t0);
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            ts.add(t);
        }
        long s0 = syncs.getAsLong();
        long start = System.nanoTime();
        ts.forEach(Thread::start);
        Thread.sleep((long) (seconds * 1000));
        stop.set(true);
        for (Thread t : ts) t.join();
        double elapsed = (System.nanoTime() - start) / 1e9;
        long s1 = syncs.getAsLong();
        log.close();
        Histogram all = new Histogram(60_000_000_000L, 3);
        hs.forEach(all::add);
        System.out.printf("%-28s %8d %14.0f %10.3f %10.3f %12.0f%n", name, threads, all.getTotalCount() / elapsed,
                all.getValueAtPercentile(50) / 1e6, all.getValueAtPercentile(99) / 1e6, (s1 - s0) / elapsed);
    }
}
