package io.graphperf.storage;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FilesystemSpecTest {

    @Test
    void parsesEachKindWithItsOptions() {
        FilesystemSpec zfs = FilesystemSpec.parse(Map.of("kind", "zfs", "recordsize", "16K", "compression", "gzip-6", "size", "1g"), 2L << 30, "f");
        assertEquals("zfs compression=gzip-6 recordsize=16k", zfs.describe());
        assertEquals(1L << 30, zfs.sizeBytes());
        FilesystemSpec btrfs = FilesystemSpec.parse(Map.of("kind", "btrfs", "compress", "zstd:3"), 2L << 30, "f");
        assertEquals(2L << 30, btrfs.sizeBytes());
        assertEquals("btrfs compress=zstd:3", btrfs.describe());
        assertEquals(Map.of("losetup", "mount", "mkfs.ext4", "e2fsprogs", "fscrypt", "fscrypt"),
                FilesystemSpec.parse(Map.of("kind", "ext4-encrypted"), 1L << 30, "f").tools());
    }

    @Test
    void refusesWhatItCannotMake() {
        assertMessage(Map.of("kind", "ntfs"), "unknown filesystem kind 'ntfs'");
        assertMessage(Map.of("recordsize", "8k"), "needs a kind");
        assertMessage(Map.of("kind", "zfs", "recordsize", "12k"), "power of two from 512 to 128k");
        assertMessage(Map.of("kind", "zfs", "recordsize", "256k"), "power of two from 512 to 128k");
        assertMessage(Map.of("kind", "zfs", "compression", "lz4"), "zfs-fuse has no lz4");
        assertMessage(Map.of("kind", "btrfs", "compress", "gzip"), "btrfs compress 'gzip'");
        assertMessage(Map.of("kind", "xfs", "compress", "zstd"), "'compress' is not an option of xfs; it takes size only");
        assertMessage(Map.of("kind", "ext4", "size", "10m"), "below 64m");
        assertMessage(Map.of("kind", "ext4", "size", "lots"), "is not a size");
    }

    private static void assertMessage(Map<String, String> m, String part) {
        UserError e = assertThrows(UserError.class, () -> FilesystemSpec.parse(m, 1L << 30, "e3.yaml: cell x, data"));
        assertTrue(e.getMessage().startsWith("e3.yaml: cell x, data") && e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void namesWhatIsMissingAndHowToInstallIt() {
        List<FilesystemSpec> fs = List.of(FilesystemSpec.parse(Map.of("kind", "xfs"), 1L << 30, "f"), FilesystemSpec.parse(Map.of("kind", "zfs"), 1L << 30, "f"));
        String notRoot = Requirements.problem(fs, "--matrix m.yaml", false, tool -> true).orElseThrow();
        assertTrue(notRoot.contains("needs root") && notRoot.contains("sudo") && notRoot.endsWith("Nothing was started."), notRoot);
        String missing = Requirements.problem(fs, "--matrix m.yaml", true, tool -> !tool.startsWith("mkfs.xfs") && !tool.startsWith("zpool")).orElseThrow();
        assertTrue(missing.contains("missing mkfs.xfs, zpool") && missing.contains("apt-get install xfsprogs zfs-fuse"), missing);
        assertEquals(Optional.empty(), Requirements.problem(fs, "--matrix m.yaml", true, tool -> true));
        assertEquals(Optional.empty(), Requirements.problem(List.of(), "--matrix m.yaml", false, tool -> false), "hooks and folders alone need no root");
    }

    @Test
    void readsBpftraceMapsAsReadsAndWrites() {
        var sizes = BlockTrace.parse(List.of("Attaching 1 probe...", "", "@x[7340032, WS, 4096]: 10", "@x[7340032, FWS, 4096]: 2",
                "@x[7340032, W, 1048576]: 1", "@x[7340032, RA, 8192]: 5", "@x[7340032, N, 512]: 9", "@x[7340033, R, 4096]: 1"),
                Map.of(7340032L, "/dev/loop0"));
        assertEquals(Map.of(4096L, 12L, 1048576L, 1L), sizes.get("/dev/loop0").get("write"));
        assertEquals(Map.of(8192L, 5L), sizes.get("/dev/loop0").get("read"));
        assertEquals(Map.of(4096L, 1L), sizes.get("7340033").get("read"), "an unknown device keeps its number");
        assertNull(BlockTrace.kind("D"));
    }
}
