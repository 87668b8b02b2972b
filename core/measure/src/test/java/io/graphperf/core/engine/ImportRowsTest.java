package io.graphperf.core.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ImportRowsTest {

    @Test
    void readsQuotedFieldsGzippedPartsAndTheLineEachRecordStartsOn(@TempDir Path dir) throws Exception {
        List<String> args = ImportFixtures.people(dir);
        Files.writeString(dir.resolve("Person-part-00002.csv"), "\n4,\"two\nlines\",2000,false\n5,Ed,1999,true\n");
        ImportFiles files = ImportFiles.of(args, "a test's loader");
        List<String> seen = new ArrayList<>();
        for (Path f : files.nodes().get(0).files()) ImportRows.forEachRow(f, (row, line) -> seen.add(f.getFileName() + ":" + line + ":" + row));
        assertEquals(List.of("Person-part-00000.csv:1:[1, Ann, 1990, true]", "Person-part-00000.csv:2:[2, Bo, \"the\" second, 1985, false]",
                "Person-part-00001.csv.gz:1:[3, , 2001, true]", "Person-part-00002.csv:2:[4, two\nlines, 2000, false]", "Person-part-00002.csv:4:[5, Ed, 1999, true]"), seen);
    }

    @Test
    void typesTheHeadersColumns(@TempDir Path dir) throws Exception {
        List<String> args = ImportFixtures.people(dir);
        ImportFiles files = ImportFiles.of(args, "a test's loader");
        assertEquals(List.of(new ImportRows.Column("personKey", ImportRows.Type.LONG, ImportRows.Role.ID, "Person"),
                new ImportRows.Column("name", ImportRows.Type.STRING, ImportRows.Role.PROPERTY, null),
                new ImportRows.Column("born", ImportRows.Type.LONG, ImportRows.Role.PROPERTY, null),
                new ImportRows.Column("active", ImportRows.Type.BOOLEAN, ImportRows.Role.PROPERTY, null)), ImportRows.header(files.nodes().get(0).header(), "X"));
        assertEquals("Person", ImportRows.idSpace(files.nodes().get(0), "X"));
        assertEquals(ImportRows.Role.END, ImportRows.relationshipHeader(files.relationships().get(0), "X").get(1).role());
        assertEquals(null, ImportRows.value("", ImportRows.Type.LONG), "an empty field is no property");
        assertEquals(2.5, ImportRows.value("2.5", ImportRows.Type.DOUBLE));
    }

    @Test
    void aBadHeaderOrFieldIsNamed(@TempDir Path dir) throws Exception {
        Path h = Files.writeString(dir.resolve("h.csv"), "k:ID(P),when:datetime\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ImportRows.header(h, "SomeDB"));
        assertTrue(e.getMessage().contains("h.csv") && e.getMessage().contains("'datetime'") && e.getMessage().contains("SomeDB"), e.getMessage());
        Path part = Files.writeString(dir.resolve("p.csv"), "1,x\n2,y\n");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ImportRows.forEachRow(part, (row, line) -> ImportRows.key(row.get(1))));
        assertEquals(part + ", line 1: 'x' is not an integer key", bad.getMessage());
        Path rel = Files.writeString(dir.resolve("r.csv"), "since:long,:START_ID(P),:END_ID(P)\n");
        IllegalArgumentException ends = assertThrows(IllegalArgumentException.class, () -> ImportRows.relationshipHeader(new ImportFiles.Table("R", rel, List.of()), "X"));
        assertTrue(ends.getMessage().contains("the first two columns must be"), ends.getMessage());
    }
}
