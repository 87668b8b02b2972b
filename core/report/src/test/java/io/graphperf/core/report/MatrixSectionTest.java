package io.graphperf.core.report;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.Comparisons;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The matrix section from a run's cells, comparisons and trials' storage — also after run.json's round trip. */
class MatrixSectionTest {

    static final double[] IMPORT_PLAIN = {20.0, 20.4, 19.8}, IMPORT_ENCRYPTED = {26.0, 26.5, 25.7}, IMPORT_SEPARATE = {20.1, 20.3, 19.9};

    static RunResult run() {
        List<Cell> cells = new ArrayList<>();
        List<RunResult.Trial> trials = new ArrayList<>();
        Map<String, double[]> imports = Map.of("plain-same", IMPORT_PLAIN, "encrypted-same", IMPORT_ENCRYPTED, "plain-separate", IMPORT_SEPARATE);
        List<String> order = List.of("plain-same", "encrypted-same", "plain-separate");
        int n = 0;
        for (int r = 1; r <= 3; r++) {
            for (String v : order) {
                String[] a = v.split("-");
                Map<String, String> axes = Map.of("disk", a[0], "txlogs", a[1]);
                cells.add(Cell.builder("import", "import").phase(imports.get(v)[r - 1]).build().withVariant(v, r, axes));
                cells.add(Cell.builder("import", "schema-total").phase(5 + 0.1 * r).build().withVariant(v, r, axes));
                cells.add(Cell.builder("import", "trial-io").phase(60).noDefaultFigure().figure("peak disk use", "MB", false, 1200 + r).build()
                        .withVariant(v, r, axes));
                Map<Long, Long> writes = new TreeMap<>(Map.of(4096L, 100L, 12288L, 20L, 1048576L, 5L));
                Map<String, Object> storage = Map.of("data", Map.of("filesystem", "ext4", "device", "/dev/loop0"),
                        "blockRequestSizes", Map.of("/dev/loop0", Map.of("write", writes)));
                trials.add(new RunResult.Trial(++n, v, r, "trials/x", "t", true, List.of(), storage));
            }
        }
        List<VariantComparison> comparisons = new ArrayList<>();
        for (String v : order.subList(1, 3)) {
            comparisons.add(Comparisons.compare("plain-same", cells.stream().filter(c -> c.variant().equals("plain-same")).toList(), v,
                    cells.stream().filter(c -> c.variant().equals(v)).toList(), List.of(), Verdicts.Settings.DEFAULT));
        }
        return new RunResult(new RunResult.About(RunResult.SCHEMA_VERSION, "r", "import", "E1", "s", "f"),
                new RunResult.Setup(Map.of("matrix", Map.of("file", "m.yaml", "axes", List.of("disk", "txlogs"), "cells", order)), Map.of(),
                        "neo4j", "", order.stream().map(v -> new RunResult.VariantSettings(v, Map.of())).toList(), 3),
                trials, cells, List.of(), new RunResult.Findings(List.of(), List.of(), List.of(), comparisons, List.of(), List.of()));
    }

    @Test
    void heatmapsSentencesVerdictsAndIoSizes(@TempDir Path dir) throws Exception {
        RunResult run = run();
        check(render(run));
        JsonExporter.write(run, dir);
        check(render(JsonExporter.read(dir))); // request sizes are strings after the round trip
    }

    private static String render(RunResult run) {
        Html h = new Html();
        MatrixSection.render(h, run);
        return h.toString();
    }

    private static void check(String html) {
        assertTrue(html.contains("Matrix: disk × txlogs"), html);
        // one heatmap per phase figure: import time, schema-total time, peak disk use; each with the three cells
        assertEquals(3, count(html, "<table class=\"heatmap"), html);
        assertEquals(9, count(html, "class=\"heat\""), html);
        assertTrue(html.contains("data-variant=\"encrypted-same\" data-value=\"26.0\""), "the median of the encrypted cell's import time");
        // encryption is 30 % slower with tight spread: significant; a separate log is within ±5 %
        assertTrue(html.contains("disk encrypted instead of plain: import time higher, worse (+29"), html);
        assertTrue(html.contains("txlogs separate instead of same: import time"), html);
        assertTrue(html.contains("26.00 ▼"), "the heatmap marks the significant slow-down");
        assertTrue(html.contains("matrix-verdicts"), html);
        assertTrue(html.contains("chart io-sizes") && html.contains("4 KiB") && html.contains("8 KiB") && html.contains("1 MiB"), html);
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) n++;
        return n;
    }
}
