package io.graphperf.workloads.imports;

import io.graphperf.core.results.Check;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** E3's oracle: an import is checked class by class and index by index against the generated export's counts. */
class ExportImportStudyTest {

    private static final Map<String, Long> GENERATED = Map.of("Item", 40L, "Account", 10L, "Other", 5L);

    @Test
    void anImportAsGeneratedPasses() {
        List<Check> c = ExportImportStudy.checks(GENERATED, GENERATED, Map.of("Item.name", 40L, "Account.code", 10L));
        assertTrue(c.get(0).passed() && c.get(0).detail().contains("55 records in 3 classes, as generated"), c.toString());
        assertTrue(c.get(1).passed(), c.toString());
    }

    @Test
    void aMissingRecordOrIndexEntryFails() {
        List<Check> c = ExportImportStudy.checks(GENERATED, Map.of("Item", 40L, "Account", 9L, "Other", 5L), Map.of("Item.name", 39L, "Account.code", 10L));
        assertFalse(c.get(0).passed());
        assertTrue(c.get(0).detail().contains("Account 9 (expected 10)"), c.get(0).detail());
        assertFalse(c.get(1).passed(), "an index short of its class's records");
        assertFalse(ExportImportStudy.checks(GENERATED, Map.of("Item", 40L, "Account", 10L), Map.of()).get(0).passed(), "a class missing");
    }

    @Test
    void yourExportHasNoOracleButMustNotBeEmpty() {
        assertTrue(ExportImportStudy.checks(Map.of(), Map.of("A", 3L), Map.of()).get(0).passed());
        assertFalse(ExportImportStudy.checks(Map.of(), Map.of(), Map.of()).get(0).passed());
    }

    @Test
    void theCountsFileReadsBackAndABadOneIsNamed() throws IOException {
        Map<String, Long> m = ExportDataset.parse(ExportDataset.text(Map.of("Item", 40L)));
        assertEquals(Map.of("Item", 40L), m);
        assertEquals(Map.of(), ExportDataset.parse(""));
        assertThrows(IOException.class, () -> ExportDataset.parse("Item:40"));
    }
}
