package io.graphperf.core.engine;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ImportFilesTest {

    @Test
    void readsTheImporterArgumentsAsEachLabelsAndTypesFiles(@TempDir Path d) throws Exception {
        for (String f : List.of("Person-header.csv", "Person-part-00001.csv.gz", "Person-part-00000.csv.gz", "Person-other.csv", "KNOWS-header.csv", "KNOWS-part-00000.csv")) {
            Files.writeString(d.resolve(f), "x");
        }
        ImportFiles files = ImportFiles.of(List.of("--id-type=integer", "--nodes=Person=" + d.resolve("Person-header.csv") + "," + d.resolve("Person-part-[0-9]+\\.csv\\.gz"),
                "--relationships=KNOWS=" + d.resolve("KNOWS-header.csv") + "," + d.resolve("KNOWS-part-.*")), "the loader");
        assertEquals(List.of(new ImportFiles.Table("Person", d.resolve("Person-header.csv"), List.of(d.resolve("Person-part-00000.csv.gz"),
                d.resolve("Person-part-00001.csv.gz")))), files.nodes(), "the parts the pattern names, in name order");
        assertEquals("KNOWS", files.relationships().get(0).name());
        assertEquals(6, ImportFiles.sizes(d).size());
        UserError e = assertThrows(UserError.class, () -> ImportFiles.of(List.of("--nodes=" + d.resolve("Person-header.csv")), "the loader"));
        assertTrue(e.getMessage().contains("the loader needs the label"), e.getMessage());
        assertThrows(UserError.class, () -> ImportFiles.of(List.of("--relationships=KNOWS=" + d.resolve("KNOWS-header.csv")), "the loader"));
        ImportFiles.deleteTree(d);
        assertFalse(Files.exists(d));
        ImportFiles.deleteTree(d); // nothing there: nothing to do
    }
}
