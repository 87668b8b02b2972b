package io.graphperf.core.report;

import io.graphperf.core.results.Cell;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CsvExporterTest {

    @Test
    void aTimedPhaseFillsEveryStableColumnAndPutsItsTimeUnderPhaseS() {
        Cell c = Cell.builder("e", "import").phase(1.5).build();
        List<String> row = CsvExporter.row(c);
        assertEquals(CsvExporter.COLUMNS.size(), row.size(), "one value per stable column");
        assertEquals("1.50000", row.get(CsvExporter.COLUMNS.indexOf("phase_s")));
        assertEquals("true", row.get(CsvExporter.COLUMNS.indexOf("verified")));
        assertEquals("", row.get(CsvExporter.COLUMNS.indexOf("harness_cpu_cores")));
    }
}
