package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E3 through {@code import --engine orientdb --dataset export}, without root: OrientDB's import of its own export checked against the
 * generator's counts, with an OrientDB setting applied (its writes: {@code EnginesWritesIT}; over filesystems: {@code MatrixIT}).
 */
class OrientIT {

    @Test
    void importsAGeneratedExportAndChecksEveryClass(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "import", "--engine", "orientdb", "--dataset", "export", "--scale", "0.05", "--page-cache", "64m",
                "--setting", "orientdb.storage.compressionMethod=gzip", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        RunResult r = JsonExporter.read(WritesIT.onlyRun(out));
        assertTrue(r.cells().stream().allMatch(c -> c.experiment().equals("import")), "E3's cells are the import experiment's");
        assertEquals(List.of("start", "create", "import", "close", "cold-start", "open", "count"), r.cells().stream().map(Cell::scenario).toList());
        Cell count = r.cells().get(6);
        assertTrue(count.verified() && count.checks().size() == 2, count.checks().toString());
        assertTrue(count.checks().get(0).detail().contains("in 130 classes, as generated"), count.checks().toString());
        Cell imp = r.cells().get(2);
        assertTrue(imp.values().get("records") >= 1000 && imp.values().get("records_per_s") > 0 && imp.values().get("write_bytes") > 0, imp.values().toString());
        assertTrue(r.cells().get(3).values().get("disk_bytes") > 0, "disk use after close");
        assertTrue(o.out().contains("import wr MB"), o.out());
        assertTrue(r.engine().contains("3.2.49") && r.engine().contains("storage.compressionMethod=gzip"), r.engine());
        CdcIT.assertNothingLeft(WritesIT.onlyRun(out));
    }

    /** {@code datagen export --engine orientdb}: the engine's generator through its module, each class's count beside the file. */
    @Test
    void datagenWritesAnExportWithItsCounts(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("datagen", "export", "--engine", "orientdb", "--scale", "0.01", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        Matcher m = Pattern.compile("([\\d,]+) records in (\\d+) classes: (\\S+\\.json\\.gz)").matcher(o.out());
        assertTrue(m.find(), o.out());
        Path file = Path.of(m.group(3));
        assertTrue(Files.size(file) > 0 && o.out().contains("Import:  graphperf run import --engine orientdb --dataset " + file), o.out());
        String counts = Files.readString(Path.of(file.toString().replace(".json.gz", ".counts"))).trim();
        String[] classes = counts.split(",");
        assertEquals(Integer.parseInt(m.group(2)), classes.length, counts);
        assertEquals(Long.parseLong(m.group(1).replace(",", "")), Arrays.stream(classes).mapToLong(c -> Long.parseLong(c.substring(c.indexOf('=') + 1))).sum(), counts);
        CdcIT.assertNothingLeft(out);
    }
}
