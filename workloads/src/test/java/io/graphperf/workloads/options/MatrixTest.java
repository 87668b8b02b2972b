package io.graphperf.workloads.options;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixTest {

    static Matrix.Plan plan(String yaml) throws Exception {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        return Matrix.parse(root, "m.yaml");
    }

    static final String ZFS = """
            repeat: 3
            size: 1g
            baseline: 128k-off-same
            axes:
              recordsize:
                16k:  {data: {kind: zfs, recordsize: 16k}}
                128k: {data: {kind: zfs, recordsize: 128k}}
              compression:
                "off": {data: {compression: "off"}}
                gzip:  {data: {compression: gzip}, settings: {storage.compressionMethod: gzip}}
              wal:
                same: {}
                separate: {log: {kind: ext4, size: 512m}}
            """;

    @Test
    void theCrossProductMergesAxesWithTheBaselineFirst() throws Exception {
        Matrix.Plan p = plan(ZFS);
        assertEquals(8, p.cells().size());
        assertEquals("128k-off-same", p.cells().get(0).name());
        assertEquals(List.of("recordsize", "compression", "wal"), p.axes());
        assertEquals(3, p.repeat());
        Variant v = p.cells().stream().filter(c -> c.name().equals("16k-gzip-separate")).findFirst().orElseThrow();
        assertEquals(Map.of("recordsize", "16k", "compression", "gzip", "wal", "separate"), v.axes());
        assertEquals("zfs compression=gzip recordsize=16k", v.storage().data().describe());
        assertEquals(1L << 30, v.storage().data().sizeBytes());
        assertEquals("ext4", v.storage().log().describe());
        assertEquals(512L << 20, v.storage().log().sizeBytes());
        assertEquals(Map.of("storage.compressionMethod", "gzip"), v.settings());
        assertNull(p.cells().get(0).storage().log(), "wal same: the log stays in the data folder");
    }

    @Test
    void listedCellsFoldersAndHooks() throws Exception {
        Matrix.Plan p = plan("""
                axes:
                  disk:
                    a: {data-dir: /mnt/a, setup: "zfs create tank/a", teardown: "zfs destroy tank/a"}
                    b: {data-dir: /mnt/b, log-dir: /mnt/logs, settings: {page-cache: 512m}}
                  cache:
                    small: {settings: {page-cache: 64m}}
                    none: {}
                cells:
                  - {disk: b, cache: none}
                  - {disk: a, cache: small}
                """);
        assertEquals(List.of("b-none", "a-small"), p.cells().stream().map(Variant::name).toList());
        assertEquals(Map.of("data-dir", "/mnt/b", "tx-log-dir", "/mnt/logs", "page-cache", "512m"), p.cells().get(0).settings());
        assertEquals("zfs create tank/a", p.cells().get(1).storage().setup());
        assertNull(p.cells().get(1).storage().data(), "a folder of the user's: graphperf makes no filesystem");
        assertNull(p.repeat());
    }

    @Test
    void mistakesAreNamed() {
        assertMessage(ZFS.replace("baseline: 128k-off-same", "baseline: 64k-off-same"), "baseline '64k-off-same' is not a cell");
        assertMessage("axes: {a: {x: {data: {kind: zfs}}, y: {data: {kind: xfs}}}, b: {z: {data: {kind: ext4}}}}",
                "cell x-z: data kind is 'zfs' from a.x but 'ext4' from b.z");
        assertMessage("axes: {a: {x: {dta: {kind: zfs}}}}", "a.x: unknown key 'dta'");
        assertMessage("axes: {a: {x: {settings: {pagecache: 1g}}}}", "unknown setting 'pagecache'");
        assertMessage("axes: {a: {x-y: {}}}", "'x-y' must be letters");
        assertMessage("axes: {a: {x: {data: {kind: zfs, compression: lz4}}}}", "zfs-fuse has no lz4");
        assertMessage("axes: {a: {x: {}}}\ncells: [{a: y}]", "'y' is not a value of axis 'a'");
        assertMessage("axes: {a: {x: {}}}\nrepaet: 3", "unknown key 'repaet'");
        assertMessage("axes: {a: {x: {data: {kind: ext4}, data-dir: /mnt}}}", "both a data filesystem and data-dir");
    }

    private static void assertMessage(String yaml, String part) {
        UserError e = assertThrows(UserError.class, () -> plan(yaml));
        assertTrue(e.getMessage().startsWith("matrix file m.yaml") && e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void theExamplesParse() {
        for (String f : List.of("e1-encryption.yaml", "e3-orientdb-zfs.yaml")) {
            java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("user.dir")).getParent().resolve("examples").resolve(f);
            Matrix.Plan p = Matrix.read(file);
            assertTrue(p.cells().size() >= 3 && p.repeat() >= 3, f + ": " + p);
            assertTrue(p.cells().stream().allMatch(c -> c.storage() != null && c.storage().data() != null), f);
        }
    }
}
