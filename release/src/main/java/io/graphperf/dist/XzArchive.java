package io.graphperf.dist;

import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Compresses the release tar into {@code .tar.xz} on every core: the tar is cut into 64 MiB parts, each compressed into an xz stream
 * of its own at once, the streams written one after another — a file {@code xz -d}, {@code tar -xJf}, Python's {@code lzma} and Java's
 * {@code XZInputStream} read as one (the xz format allows concatenated streams; {@code xz -T} writes the like). The tar is removed.
 * <p>
 * {@code java io.graphperf.dist.XzArchive ARCHIVE.tar [PRESET]}  (writes ARCHIVE.tar.xz beside it; PRESET 0–9, default 6). The build
 * writes both archives at preset 1: on a 2-core machine 128 MiB of the add-on took 94 s at preset 6 and 28 s at 3, for 20 % more
 * bytes (20 against 24 MB); 128 MiB of the main archive took 21.7 s at preset 3, 12.8 s at 1 and 8.1 s at 0, for 27, 28 and 30 MB
 * — minutes of every build for a download taken once.
 */
public final class XzArchive {

    static final int PART = 64 << 20, DEFAULT_PRESET = 6;

    private XzArchive() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2 || !args[0].endsWith(".tar")) throw new IllegalArgumentException("usage: XzArchive ARCHIVE.tar [PRESET]");
        int preset = args.length == 2 ? Integer.parseInt(args[1]) : DEFAULT_PRESET;
        if (preset < 0 || preset > 9) throw new IllegalArgumentException("an xz preset is 0 to 9, not " + preset);
        Path xz = compress(Path.of(args[0]), PART, preset);
        System.out.println("XzArchive: " + xz + " (" + Files.size(xz) / 1_000_000 + " MB)");
    }

    /** Writes {@code tar}.xz in parts of {@code partBytes}, each its own xz stream at {@code preset}, and removes {@code tar}. */
    static Path compress(Path tar, int partBytes, int preset) throws IOException, InterruptedException {
        Path xz = Path.of(tar + ".xz"), partial = Path.of(tar + ".xz.partial");
        int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (InputStream in = Files.newInputStream(tar); OutputStream out = Files.newOutputStream(partial)) {
            List<Future<byte[]>> parts = new ArrayList<>();
            for (byte[] part; (part = in.readNBytes(partBytes)).length > 0; ) {
                byte[] input = part;
                parts.add(pool.submit(() -> compress(input, preset)));
                if (parts.size() > threads) out.write(parts.remove(0).get()); // at most threads + 1 parts held at once
            }
            for (Future<byte[]> p : parts) out.write(p.get());
        } catch (ExecutionException e) {
            throw new IOException("xz of " + tar + " failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
        Files.move(partial, xz, StandardCopyOption.REPLACE_EXISTING);
        Files.delete(tar);
        return xz;
    }

    static byte[] compress(byte[] part, int preset) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(part.length / 4);
        try (XZOutputStream xz = new XZOutputStream(bytes, new LZMA2Options(preset))) {
            xz.write(part);
        }
        return bytes.toByteArray();
    }
}
