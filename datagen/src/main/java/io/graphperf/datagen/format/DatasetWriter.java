package io.graphperf.datagen.format;

import io.graphperf.core.UserError;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Writes file groups in parallel, one task per part file. Each part has its own random stream derived
 * from (seed, group, part), so the bytes do not depend on the number of threads or their timing.
 */
public final class DatasetWriter {

    /** What was written for one part. */
    public record PartFile(String group, String file, long rows, long bytes) {
    }

    private final Path dir;
    private final boolean gzip;
    private final int threads;
    private final long seed;
    final AtomicLong rowsWritten = new AtomicLong(), bytesWritten = new AtomicLong();

    public DatasetWriter(Path dir, boolean gzip, int threads, long seed) {
        this.dir = dir;
        this.gzip = gzip;
        this.threads = threads;
        this.seed = seed;
    }

    public long rowsWritten() {
        return rowsWritten.get();
    }

    public long uncompressedBytesWritten() {
        return bytesWritten.get();
    }

    /** Writes every group's header and parts; defects are returned with their file and line filled in. */
    public List<PartFile> write(List<FileGroup> groups, Consumer<List<Defect>> placedDefects) throws IOException, InterruptedException {
        for (FileGroup g : groups) {
            Files.writeString(dir.resolve(g.headerFile()), String.join(",", g.header()) + "\n", StandardCharsets.US_ASCII);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "graphperf-datagen");
            t.setDaemon(true);
            return t;
        });
        List<Future<PartFile>> futures = new ArrayList<>();
        List<Defect> placed = Collections.synchronizedList(new ArrayList<>());
        try {
            for (FileGroup g : groups) {
                for (int p = 0; p < g.parts(); p++) {
                    final int part = p;
                    futures.add(pool.submit(() -> writePart(g, part, placed)));
                }
            }
            List<PartFile> out = new ArrayList<>();
            for (Future<PartFile> f : futures) out.add(f.get());
            placed.sort(Comparator.comparing(Defect::file).thenComparingLong(Defect::line));
            placedDefects.accept(placed);
            return out;
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof UserError u) throw u;
            if (c instanceof IOException io) throw io;
            throw new IOException(c);
        } finally {
            pool.shutdownNow();
        }
    }

    private PartFile writePart(FileGroup g, int part, List<Defect> placed) throws IOException {
        String name = g.partFile(part, gzip);
        Path file = dir.resolve(name);
        long from = part * g.partRows(), to = Math.min(g.rows(), from + g.partRows());
        SplittableRandom rnd = new SplittableRandom(mix(seed, g.name().hashCode(), part));
        // defects go into the first part, each after its data row
        Map<Long, List<Defect>> defects = new TreeMap<>();
        if (part == 0) for (Defect d : g.defects()) defects.computeIfAbsent(Math.min(d.afterRow(), Math.max(0, to - 1)), k -> new ArrayList<>()).add(d);
        try (OutputStream os = open(file)) {
            RowBuffer buf = new RowBuffer(os, bytesWritten);
            long cursor = from, injected = 0;
            for (Map.Entry<Long, List<Defect>> e : defects.entrySet()) {
                cursor = generate(g, buf, cursor, Math.max(cursor, Math.min(to, e.getKey() + 1)), rnd);
                for (Defect d : e.getValue()) {
                    buf.ascii(d.row());
                    buf.endRow();
                    injected++;
                    placed.add(d.at(name, cursor - from + injected));
                }
            }
            generate(g, buf, cursor, to, rnd);
            buf.flush();
        } catch (IOException e) {
            Files.deleteIfExists(file);
            String msg = String.valueOf(e.getMessage());
            if (msg.contains("No space left")) throw new UserError("disk full while writing " + file + "; the dataset is incomplete (no manifest.json written)");
            throw new UserError("cannot write " + file + ": " + msg);
        }
        long rows = to - from + (part == 0 ? g.defects().size() : 0);
        return new PartFile(g.name(), name, rows, Files.size(file));
    }

    /** Generates rows [from, to) in chunks, counting them for the progress bar; returns to. */
    private long generate(FileGroup g, RowBuffer buf, long from, long to, SplittableRandom rnd) throws IOException {
        for (long c = from; c < to; ) {
            long end = Math.min(to, c + 65_536);
            g.generator().write(buf, c, end, rnd);
            rowsWritten.addAndGet(end - c);
            c = end;
        }
        return Math.max(from, to);
    }

    private OutputStream open(Path file) throws IOException {
        OutputStream raw = Files.newOutputStream(file);
        if (!gzip) return new BufferedOutputStream(raw, 1 << 16);
        // fastest deflate level: generation must never be what a user waits for
        return new GZIPOutputStream(raw, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        };
    }

    /** A 64-bit mix of the seed with the group and part (SplitMix64 finaliser). */
    static long mix(long seed, int group, int part) {
        long z = seed * 0x9E3779B97F4A7C15L + group * 0xBF58476D1CE4E5B9L + part * 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
