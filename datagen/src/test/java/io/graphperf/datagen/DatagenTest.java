package io.graphperf.datagen;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.datagen.b2b.B2bDataset;
import io.graphperf.datagen.format.Defect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DatagenTest {

    static Datagen.Outcome generate(String dataset, double scale, boolean gzip, int threads, int defects, Path dir) throws Exception {
        return Datagen.generate(new Datagen.Request(dataset, scale, 7, gzip, threads, defects, false), dir, ProgressListener.NONE);
    }

    @Test
    void sameArgumentsGiveTheSameBytesWhateverTheThreads(@TempDir Path tmp) throws Exception {
        for (String dataset : List.of("social", "b2b")) {
            double scale = dataset.equals("social") ? 0.3 : 0.0002;
            Path a = tmp.resolve(dataset + "-1"), b = tmp.resolve(dataset + "-2");
            generate(dataset, scale, true, 1, 2, a);
            generate(dataset, scale, true, 2, 2, b);
            List<String> files;
            try (var s = Files.list(a)) {
                files = s.map(p -> p.getFileName().toString()).sorted().toList();
            }
            try (var s = Files.list(b)) {
                assertEquals(files, s.map(p -> p.getFileName().toString()).sorted().toList());
            }
            for (String f : files) {
                byte[] x = Files.readAllBytes(a.resolve(f)), y = Files.readAllBytes(b.resolve(f));
                if (f.equals(Manifest.FILE)) {
                    // the manifest names its own folder in the import command; otherwise identical
                    assertEquals(new String(x).replace(a.toString(), "DIR"), new String(y).replace(b.toString(), "DIR"), f);
                } else {
                    assertArrayEquals(x, y, dataset + ": " + f);
                }
            }
        }
    }

    @Test
    void b2bCountsAndRowSizesFollowTheSpec(@TempDir Path dir) throws Exception {
        double scale = 0.0002;
        Manifest m = generate("b2b", scale, false, 2, 0, dir).manifest();
        assertEquals(B2bDataset.ACTIVITIES, m.nodes().get("Activity").rows(), "activities stay 254 at every scale");
        assertEquals(Math.round(196e6 * scale), m.nodes().get("Individual").rows());
        assertEquals(Math.round(261e6 * scale), m.nodes().get("Organization").rows());
        assertEquals(Math.round(1.87e9 * scale), m.relationships().get("TOUCHED").rows());
        assertEquals(Math.round(306e6 * scale), m.relationships().get("WORKS_FOR").rows());
        // bytes per row implied by the spec's raw CSV sizes, within 20 %, once the shorter keys of a small
        // scale are allowed for: 4 fewer digits per key here (9-digit keys at full scale, 5-digit ones at this one)
        Map<String, double[]> specBytesPerRowAndKeys = Map.of("Individual", new double[]{67.9e9 / 196e6, 3},
                "Organization", new double[]{40.4e9 / 261e6, 2}, "TOUCHED", new double[]{73.5e9 / 1.87e9, 1},
                "WORKS_FOR", new double[]{5.8e9 / 306e6, 2});
        for (var e : specBytesPerRowAndKeys.entrySet()) {
            Manifest.Group g = m.nodes().containsKey(e.getKey()) ? m.nodes().get(e.getKey()) : m.relationships().get(e.getKey());
            double perRow = (double) g.files().stream().mapToLong(Manifest.FilePart::bytes).sum() / g.rows();
            double expected = e.getValue()[0] - 4 * e.getValue()[1];
            assertEquals(expected, perRow, expected * 0.2, e.getKey() + " bytes per row");
        }
        // integer keys are unique within each label, and relationships point at existing keys
        DatasetStats.Stats s = DatasetStats.compute(dir);
        assertEquals(m.nodes().get("Individual").rows(), s.nodeRows().get("Individual"));
        DatasetStats.Degrees activity = s.degrees().stream().filter(d -> d.what().startsWith("TOUCHED out-degree")).findFirst().orElseThrow();
        assertEquals(254, activity.nodes());
        assertEquals(1.87e9 * scale / 254, activity.mean(), 1.87e9 * scale / 254 * 0.01, "dense activities");
        assertEquals(0, s.unparsableRows());
        try (var lines = Files.lines(dir.resolve("Individual-part-00000.csv"))) {
            assertEquals(m.nodes().get("Individual").rows(), lines.map(l -> l.substring(0, l.indexOf(','))).distinct().count());
        }
        assertTrue(m.importCommand().startsWith("neo4j-admin database import full neo4j "), m.importCommand());
        assertTrue(m.importCommand().contains("--nodes=Individual=" + dir.toAbsolutePath().resolve("Individual-header.csv")));
        assertEquals("individualKey:ID(Individual)", Files.readString(dir.resolve("Individual-header.csv")).split(",")[0]);
    }

    @Test
    void socialAtScaleOneMatchesTheSpec(@TempDir Path dir) throws Exception {
        Manifest m = generate("social", 1, true, 2, 0, dir).manifest();
        DatasetStats.Stats s = DatasetStats.compute(dir);
        assertEquals(2011, s.nodeRows().get("Person"));
        assertEquals(26_982, s.nodeRows().get("Message"));
        assertEquals(25_365, s.nodeRows().get("Activity"));
        assertEquals(2000, s.nodeRows().get("Address"));
        assertEquals(200, s.nodeRows().get("Group"));
        assertEquals(100, s.nodeRows().get("Organization"));
        long nodes = s.nodeRows().values().stream().mapToLong(Long::longValue).sum();
        long rels = s.relationshipRows().values().stream().mapToLong(Long::longValue).sum();
        assertEquals(83_500, nodes, 8_350, "nodes");
        assertEquals(304_000, rels, 30_400, "relationships");
        assertEquals(m.totalNodes(), nodes);
        assertEquals(m.totalRelationships(), rels);
        assertEquals(25_000, s.relationshipRows().get("FRIEND_OF"), 2_500, "friendships");
        DatasetStats.Degrees friends = s.degrees().stream().filter(d -> d.what().startsWith("FRIEND_OF degree")).findFirst().orElseThrow();
        assertEquals(2011, friends.nodes(), "everyone has a friend");
        assertEquals(1, friends.min());
        assertEquals(25, friends.mean(), 2.5, "mean degree");
        assertEquals(12, friends.median(), 2, "median degree");
        assertTrue(friends.p90() < 65, "90 % have fewer than 65 friends: p90 " + friends.p90());
        assertTrue(friends.max() >= 600 && friends.max() <= 667, "heavy tail, max near 667: " + friends.max());
        assertTrue(Files.size(dir.resolve("read-parameters.json")) > 1000);
    }

    @Test
    void defectsAreInjectedWhereTheManifestSays(@TempDir Path dir) throws Exception {
        Manifest m = generate("b2b", 0.0001, true, 2, 3, dir).manifest();
        assertEquals(3 * 5, m.defects().size());
        for (Defect d : m.defects()) {
            List<String> lines;
            try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve(d.file())))) {
                lines = new String(in.readAllBytes()).lines().toList();
            }
            assertEquals(d.row(), lines.get((int) d.line() - 1), d.kind() + " at " + d.file() + ":" + d.line());
        }
        Manifest.Group individuals = m.nodes().get("Individual");
        assertEquals(19_600 + 12, individuals.rows());
        assertEquals(19_600 + 9, individuals.expected(), "duplicates are dropped by the importer");
        assertEquals(m.relationships().get("WORKS_FOR").rows() - 3, m.relationships().get("WORKS_FOR").expected());
    }

    @Test
    void badArgumentsAndFoldersAreRefused(@TempDir Path dir) throws Exception {
        assertTrue(assertThrows(UserError.class, () -> generate("b2b", 0, false, 1, 0, dir.resolve("a"))).getMessage().contains("bad scale 0.0"));
        assertTrue(assertThrows(UserError.class, () -> generate("b2b", -1, false, 1, 0, dir.resolve("a"))).getMessage().contains("option --scale"));
        assertTrue(assertThrows(UserError.class, () -> generate("nope", 1, false, 1, 0, dir.resolve("a"))).getMessage().contains("unknown dataset 'nope'"));
        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        UserError e = assertThrows(UserError.class, () -> generate("social", 0.01, false, 1, 0, full));
        assertTrue(e.getMessage().contains("is not empty") && e.getMessage().contains("--force"), e.getMessage());
        assertTrue(Files.exists(full.resolve("keep.txt")), "nothing deleted without --force");
        Datagen.generate(new Datagen.Request("social", 0.01, 1, false, 1, 0, true), full, ProgressListener.NONE);
        assertFalse(Files.exists(full.resolve("keep.txt")));
        assertTrue(Files.exists(full.resolve(Manifest.FILE)));
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThrows(UserError.class, () -> generate("social", 0.01, false, 1, 0, file));
    }
}
