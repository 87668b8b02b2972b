package io.graphperf.cli;

import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OrientDB as an engine, without root: E3's import checked against the generator's counts, and E4's writes checked id by id. */
class OrientIT {

    @Test
    void importsAGeneratedExportAndChecksEveryClass(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "orientdb-import", "--scale", "0.05", "--disk-cache", "64", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        RunResult r = JsonExporter.read(WritesIT.onlyRun(out));
        assertEquals(List.of("start", "create", "import", "close", "cold-start", "open", "count"), r.cells().stream().map(Cell::scenario).toList());
        Cell count = r.cells().get(6);
        assertTrue(count.verified() && count.checks().size() == 2, count.checks().toString());
        assertTrue(count.checks().get(0).detail().contains("in 130 classes, as generated"), count.checks().toString());
        Cell imp = r.cells().get(2);
        assertTrue(imp.values().get("records") >= 1000 && imp.values().get("records_per_s") > 0 && imp.values().get("write_bytes") > 0, imp.values().toString());
        assertTrue(r.cells().get(3).values().get("disk_bytes") > 0, "disk use after close");
        assertTrue(o.out().contains("import wr MB"), o.out());
        assertTrue(r.environment().get("orientdb").toString().contains("3.2.49"), r.environment().toString());
        CdcIT.assertNothingLeft(WritesIT.onlyRun(out));
    }

    @Test
    void writesAreMeasuredInsideTheHostAndCheckedById(@TempDir Path out) throws Exception {
        CliErrorsTest.Outcome o = CliErrorsTest.cli("run", "orientdb-writes", "--scenarios", "create-labelled-indexed,foreach-100,batch-1000-indexed",
                "--clients", "4", "--duration", "2s", "--warmup-max", "2s", "--disk-cache", "64", "--out", out.toString());
        assertEquals(0, o.code(), o.failure());
        Path run = WritesIT.onlyRun(out);
        RunResult r = JsonExporter.read(run);
        assertEquals(3, r.cells().size());
        for (Cell c : r.cells()) {
            assertTrue(c.measurement().throughput().ops() > 0 && c.measurement().throughput().opsPerSecond() > 0, c.label());
            assertTrue(c.verified(), c.label() + " " + c.checks());
            assertEquals("orientdb-embedded", c.transport());
        }
        assertTrue(r.cells().get(0).checks().get(0).detail().contains("0 missing, 0 duplicated"), r.cells().get(0).checks().toString());
        assertTrue(Files.exists(run.resolve("histograms").resolve("orientdb-writes-create-labelled-indexed.hlog")), "the host wrote the histogram log");
        CdcIT.assertNothingLeft(run);
    }
}
