package io.graphperf.storage;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One filesystem graphperf made: a sparse image file in the trial's folder, attached to a loop device with direct I/O
 * (so what the filesystem writes goes to the disk under the image, not into a second page cache), formatted, and mounted
 * on a folder beside it. {@link #close()} unmounts, detaches and deletes it — also at JVM exit if nobody did
 * (see {@link Cleanup}).
 */
public final class LoopFilesystem implements AutoCloseable {

    private final FilesystemSpec spec;
    private final Path image, mountPoint, usable;
    private final String device, pool;
    private final Path keyFile;
    private final boolean directIo;
    private final long usedAtStart;
    private final Runnable undo;
    private boolean closed;

    private LoopFilesystem(FilesystemSpec spec, Path image, Path mountPoint, Path usable, String device, String pool, Path keyFile,
                           boolean directIo, long usedAtStart, Runnable undo) {
        this.spec = spec;
        this.image = image;
        this.mountPoint = mountPoint;
        this.usable = usable;
        this.device = device;
        this.pool = pool;
        this.keyFile = keyFile;
        this.directIo = directIo;
        this.usedAtStart = usedAtStart;
        this.undo = undo;
    }

    /**
     * Makes the filesystem {@code spec} as {@code dir/NAME.img} mounted on {@code dir/NAME}.
     *
     * @param name e.g. "data" or "log"
     */
    public static LoopFilesystem create(FilesystemSpec spec, Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        Path image = dir.resolve(name + ".img").toAbsolutePath(), mount = dir.resolve(name).toAbsolutePath();
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(spec.sizeBytes()); // sparse: takes space only as the filesystem writes
        }
        // each step's undo is pushed as soon as the step is done, so a failure half-way leaves nothing behind
        List<Runnable> undos = new ArrayList<>();
        UndoOnce undoAll = new UndoOnce(undos);
        Cleanup.add(undoAll);
        undos.add(() -> deleteQuietly(image));
        try {
            String device = Command.run("losetup", "--find", "--show", "--direct-io=on", image.toString());
            undos.add(() -> Command.quietly("losetup", "-d", device));
            boolean dio = "1".equals(readQuietly(Path.of("/sys/block", Path.of(device).getFileName().toString(), "loop", "dio")));
            Files.createDirectories(mount);
            undos.add(() -> {
                if (!isMounted(mount)) deleteQuietly(mount);
            });
            Made made = make(spec, dir, name, device, mount, undos);
            LoopFilesystem fs = new LoopFilesystem(spec, image, mount, made.usable(), device, made.pool(), made.key(), dio, 0, undoAll);
            return fs.withUsedAtStart();
        } catch (RuntimeException | IOException e) {
            Cleanup.remove(undoAll);
            undoAll.run();
            throw e;
        }
    }

    /**
     * The undo steps run once, last first; a second caller waits for the first: at a signal the shutdown hook and the main
     * thread's own cleanup (after the engine it ran died) may both undo, and the JVM must not exit half-way through either.
     */
    private static final class UndoOnce implements Runnable {
        private final List<Runnable> undos;
        private boolean done;

        UndoOnce(List<Runnable> undos) {
            this.undos = undos;
        }

        @Override
        public synchronized void run() {
            if (done) return;
            done = true;
            for (int i = undos.size() - 1; i >= 0; i--) undos.get(i).run();
        }
    }

    /** What making the filesystem left: a ZFS pool's name, an encryption key's file, and the folder the engine may use. */
    private record Made(String pool, Path key, Path usable) {
    }

    /** The filesystem of {@code spec} made on the loop device and mounted, each step's undo pushed as soon as it is done. */
    private static Made make(FilesystemSpec spec, Path dir, String name, String device, Path mount, List<Runnable> undos) throws IOException {
        switch (spec.kind()) {
            case "ext4", "ext4-encrypted" -> {
                List<String> mkfs = Command.list("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0");
                if (spec.kind().equals("ext4-encrypted")) mkfs.addAll(List.of("-O", "encrypt"));
                mkfs.add(device);
                Command.run(Duration.ofMinutes(5), mkfs);
                mount(device, mount, null, undos);
                if (!spec.kind().equals("ext4-encrypted")) return new Made(null, null, mount);
                Path key = dir.resolve(name + ".key").toAbsolutePath();
                undos.add(() -> deleteQuietly(key));
                return new Made(null, key, encrypt(mount, key, name));
            }
            case "xfs" -> {
                Command.run(Duration.ofMinutes(5), List.of("mkfs.xfs", "-q", "-f", device));
                mount(device, mount, null, undos);
                return new Made(null, null, mount);
            }
            case "btrfs" -> {
                Command.run(Duration.ofMinutes(5), List.of("mkfs.btrfs", "-q", "-f", device));
                String c = spec.options().getOrDefault("compress", "none");
                mount(device, mount, c.equals("none") ? null : "compress=" + c, undos);
                return new Made(null, null, mount);
            }
            case "zfs" -> {
                ZfsDaemon.acquire(dir.resolve("zfs-fuse.log"));
                undos.add(() -> {
                    ZfsDaemon.release();
                    // a daemon that had to be killed leaves its FUSE mount behind, disconnected
                    if (isMounted(mount)) Command.quietly("umount", "-l", mount.toString());
                });
                String p = "graphperf-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(4));
                List<String> create = Command.list("zpool", "create", "-f", "-m", mount.toString());
                for (Map.Entry<String, String> o : spec.options().entrySet()) create.addAll(List.of("-O", o.getKey() + "=" + o.getValue()));
                create.addAll(List.of("-O", "atime=off", p, device));
                Command.run(Duration.ofMinutes(2), create);
                undos.add(() -> Command.quietly("zpool", "destroy", "-f", p));
                return new Made(p, null, mount);
            }
            default -> throw new IllegalStateException(spec.kind());
        }
    }

    private LoopFilesystem withUsedAtStart() {
        return new LoopFilesystem(spec, image, mountPoint, usable, device, pool, keyFile, directIo, usedBytes(), undo);
    }

    private static void mount(String device, Path mount, String options, List<Runnable> undos) {
        List<String> cmd = Command.list("mount");
        if (options != null) cmd.addAll(List.of("-o", options));
        cmd.addAll(List.of(device, mount.toString()));
        Command.run(Duration.ofMinutes(1), cmd);
        undos.add(() -> unmount(mount));
    }

    /** Unmounts, waiting out a moment of "busy" (a process that just ended may still hold a file). */
    private static void unmount(Path mount) {
        for (int i = 0; i < 20; i++) {
            if (Command.quietly("umount", mount.toString())) return;
            if (!isMounted(mount)) return;
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        Command.quietly("umount", "-l", mount.toString());
    }

    static boolean isMounted(Path mount) {
        try {
            String abs = mount.toAbsolutePath().toString();
            return Files.readAllLines(Path.of("/proc/self/mounts")).stream().anyMatch(l -> l.split(" ")[1].equals(abs));
        } catch (IOException e) {
            return false;
        }
    }

    /** An fscrypt-protected folder (AES-256-XTS contents, AES-256-CTS names) with a random raw key kept in the trial's folder until the end. */
    private static Path encrypt(Path mount, Path key, String name) throws IOException {
        if (!Files.exists(Path.of("/etc/fscrypt.conf"))) Command.run("fscrypt", "setup", "--force", "--quiet"); // once per machine
        Command.run("fscrypt", "setup", mount.toString(), "--force", "--quiet");
        Files.write(key, new SecureRandom().generateSeed(32));
        Path dir = mount.resolve("encrypted");
        Files.createDirectories(dir);
        Command.run("fscrypt", "encrypt", dir.toString(), "--source=raw_key", "--key=" + key, "--name=graphperf-" + name + "-" + ProcessHandle.current().pid(),
                "--quiet");
        return dir;
    }

    /** The folder to put data in (the mount point, or its encrypted folder). */
    public Path path() {
        return usable;
    }

    public FilesystemSpec spec() {
        return spec;
    }

    /** e.g. "/dev/loop3". */
    public String device() {
        return device;
    }

    public boolean directIo() {
        return directIo;
    }

    public Path image() {
        return image;
    }

    /** Bytes in use on the filesystem now (the pool's "used" for ZFS). */
    public long usedBytes() {
        if (pool != null) return zfsLong("used");
        try {
            FileStore s = Files.getFileStore(mountPoint);
            return s.getTotalSpace() - s.getUnallocatedSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Bytes the store added since the filesystem was made (its own metadata left out). */
    public long storeBytes() {
        long u = usedBytes();
        return u < 0 ? -1 : Math.max(0, u - usedAtStart);
    }

    /** The filesystem's own figures: for ZFS its compressratio and logical bytes, else nothing. */
    public Map<String, Double> ownFigures() {
        Map<String, Double> m = new LinkedHashMap<>();
        if (pool != null) {
            String ratio = zfsValue("compressratio").replace("x", "");
            try {
                m.put("compressratio", Double.parseDouble(ratio));
            } catch (NumberFormatException e) {
                // unknown: left out
            }
            long logical = zfsLong("logicalused");
            if (logical >= 0) m.put("logical_bytes", (double) logical);
        }
        return m;
    }

    private long zfsLong(String property) {
        try {
            return Long.parseLong(zfsValue(property));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private String zfsValue(String property) {
        try {
            return Command.run(Duration.ofSeconds(30), List.of("zfs", "get", "-Hp", "-o", "value", property, pool)).trim();
        } catch (UserError e) {
            return "";
        }
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        undo.run(); // still registered while it runs: a shutdown hook then waits for it instead of letting the JVM exit
        Cleanup.remove(undo);
        if (isMounted(mountPoint)) throw new UserError("could not unmount " + mountPoint + "; unmount it with: umount -l " + mountPoint);
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException e) {
            return "";
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            if (Files.isDirectory(p)) {
                try (var s = Files.walk(p)) {
                    s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            } else {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // left for the user; the run folder names it
        }
    }
}
