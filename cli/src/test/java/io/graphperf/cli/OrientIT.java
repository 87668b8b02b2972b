package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

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
}
