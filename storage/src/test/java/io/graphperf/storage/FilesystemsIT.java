package io.graphperf.storage;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every filesystem kind made on a loop device, written to and removed — and nothing left behind after a failure half-way or a
 * failing hook. Needs root and the kinds' programs (CI has both: .ci/run installs them); skipped elsewhere with the reason.
 */
class FilesystemsIT {

    @BeforeEach
    void needsRoot() {
        Assumptions.assumeTrue(Requirements.isRoot(), "needs root (loop devices, mkfs, mount)");
        for (String tool : List.of("losetup", "mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "zfs-fuse", "zpool", "fscrypt")) {
            Assumptions.assumeTrue(Requirements.onPath(tool), "needs " + tool + " (see .ci/run)");
        }
    }

    @Test
    void eachKindIsMadeUsedAndRemoved(@TempDir Path dir) throws Exception {
        List<Map<String, String>> kinds = List.of(Map.of("kind", "ext4"), Map.of("kind", "ext4-encrypted"), Map.of("kind", "xfs", "size", "320m"),
                Map.of("kind", "btrfs", "compress", "zstd", "size", "320m"), Map.of("kind", "zfs", "recordsize", "8k", "compression", "gzip"));
        for (Map<String, String> k : kinds) {
            FilesystemSpec spec = FilesystemSpec.parse(k, 256L << 20, "test");
            Path cell = dir.resolve(k.get("kind"));
            LoopFilesystem fs = LoopFilesystem.create(spec, cell, "data");
            DeviceIo before = DeviceIo.of(fs.device());
            try {
                assertTrue(LoopFilesystem.isMounted(cell.resolve("data")), spec.describe() + " is mounted");
                Path file = fs.path().resolve("words.txt");
                StringBuilder text = new StringBuilder();
                while (text.length() < 8_000_000) text.append("graphperf writes the same words again and again ");
                Files.writeString(file, text);
                Command.run("sync");
                assertEquals(text.length(), Files.size(file));
                long written = (DeviceIo.of(fs.device()).writeSectors() - before.writeSectors()) * 512;
                assertTrue(written > 0, spec.describe() + ": the device saw the writes");
                if (k.get("kind").equals("zfs")) {
                    assertTrue(fs.ownFigures().get("compressratio") > 2, spec.describe() + " compresses: " + fs.ownFigures());
                    assertTrue(fs.storeBytes() < 4_000_000, spec.describe() + " stores the compressible file in less space: " + fs.storeBytes());
                } else if (k.get("kind").equals("ext4-encrypted")) {
                    assertTrue(Command.run("fscrypt", "status", fs.path().toString()).contains("AES_256_XTS"), "the folder is encrypted");
                    assertTrue(fs.storeBytes() >= 8_000_000, spec.describe() + ": " + fs.storeBytes());
                } else if (!k.get("kind").equals("btrfs")) {
                    assertTrue(fs.storeBytes() >= 8_000_000, spec.describe() + ": " + fs.storeBytes());
                }
            } finally {
                fs.close();
            }
            assertNothingLeft(cell, fs);
        }
        assertFalse(ZfsDaemon.running(), "the zfs-fuse daemon graphperf started is stopped");
    }

    @Test
    void aFailureHalfWayLeavesNothing(@TempDir Path dir) {
        // btrfs needs more than 64 MiB: mkfs fails after the image is made and attached
        FilesystemSpec small = FilesystemSpec.parse(Map.of("kind", "btrfs", "size", "64m"), 1L << 30, "test");
        assertThrows(UserError.class, () -> LoopFilesystem.create(small, dir, "data"));
        assertFalse(Files.exists(dir.resolve("data.img")), "the image is deleted");
        assertFalse(Command.run("losetup", "-a").contains(dir.toString()), "no loop device is left attached");
    }

    @Test
    void aFailingSetupHookStopsTheCellAndRemovesItsStorage(@TempDir Path dir) throws Exception {
        StorageSpec spec = new StorageSpec(FilesystemSpec.parse(Map.of("kind", "ext4"), 128L << 20, "test"), null,
                "echo preparing $GRAPHPERF_DATA_DIR; exit 3", "echo torn down > " + dir.resolve("teardown.txt"), Duration.ofSeconds(30));
        Hook.Failed e = assertThrows(Hook.Failed.class, () -> CellStorage.prepare("cell-a", spec, dir, Map.of()));
        assertTrue(e.getMessage().contains("setup hook") && e.getMessage().contains("exit 3") && e.getMessage().contains("preparing " + dir), e.getMessage());
        assertTrue(Files.readString(dir.resolve("hooks").resolve("setup.log")).contains("preparing"), "the hook's output is logged");
        assertTrue(Files.exists(dir.resolve("teardown.txt")), "the teardown hook still ran");
        assertFalse(LoopFilesystem.isMounted(dir.resolve("fs").resolve("data")));
        assertFalse(Files.exists(dir.resolve("fs").resolve("data.img")));
        StorageSpec slow = new StorageSpec(null, null, "sleep 30", null, Duration.ofSeconds(1));
        Hook.Failed t = assertThrows(Hook.Failed.class, () -> CellStorage.prepare("cell-b", slow, dir, Map.of()));
        assertTrue(t.getMessage().contains("did not finish within 1 s"), t.getMessage());
    }

    @Test
    void aCellsStorageMeasuresWhatReachesItsDevice(@TempDir Path dir) throws Exception {
        StorageSpec spec = new StorageSpec(FilesystemSpec.parse(Map.of("kind", "ext4"), 256L << 20, "test"),
                FilesystemSpec.parse(Map.of("kind", "xfs", "size", "320m"), 256L << 20, "test"), null, null, Duration.ofSeconds(30));
        CellStorage s = CellStorage.prepare("cell-c", spec, dir, Map.of());
        try {
            var start = s.snapshot();
            byte[] block = new byte[64 * 1024];
            try (var out = new java.io.FileOutputStream(s.dataDir().resolve("f").toFile())) {
                for (int i = 0; i < 160; i++) out.write(block);
                out.getFD().sync();
            }
            Map<String, Double> io = s.since(start);
            assertTrue(io.get("device_write_bytes") >= 10_000_000, io.toString());
            assertTrue(io.get("write_syscalls") >= 160 && io.get("mean_write_bytes") > 1000, io.toString());
            assertTrue(s.diskUse().get("data_disk_bytes") >= 10_000_000, s.diskUse().toString());
        } finally {
            s.close();
        }
        assertFalse(Command.run("losetup", "-a").contains(dir.toString()), "no loop device is left attached");
        assertTrue(s.summary().containsKey("data") && s.summary().containsKey("log"), s.summary().toString());
        if (BlockTrace.unavailable() == null) {
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Map<Long, Long>>> sizes = (Map<String, Map<String, Map<Long, Long>>>) s.summary().get("blockRequestSizes");
            long writes = sizes.values().stream().flatMap(d -> d.getOrDefault("write", Map.of()).values().stream()).mapToLong(Long::longValue).sum();
            assertTrue(writes > 0, "bpftrace counted the write requests: " + sizes);
        }
    }

    private static void assertNothingLeft(Path cell, LoopFilesystem fs) {
        assertFalse(LoopFilesystem.isMounted(cell.resolve("data")), "unmounted");
        assertFalse(Files.exists(fs.image()), "image deleted");
        assertFalse(Command.run("losetup", "-a").contains(fs.image().toString()), "loop device detached");
    }
}
