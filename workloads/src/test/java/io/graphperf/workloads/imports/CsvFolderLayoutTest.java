package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A user's CSV folder: groups, kinds, labels and keys read from the files' names and headers. */
class CsvFolderLayoutTest {

    @Test
    void headerFilesPartsInlineHeadersAndLabelColumns(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("people-header.csv"), "personId:ID(Person),name,born:int\n");
        gzip(dir.resolve("people-part-1.csv.gz"), "1,Ann,1980\n");
        gzip(dir.resolve("people-part-2.csv.gz"), "2,Bob,1990\n");
        Files.writeString(dir.resolve("companies.csv"), "companyId:ID(Company),:LABEL,name\n10,Company;Listed,Acme\n");
        Files.writeString(dir.resolve("WORKS_AT.csv"), ":START_ID(Person),:END_ID(Company),since:int\n1,10,2001\n");
        Files.writeString(dir.resolve("edges_1.csv"), ":START_ID(Person),:END_ID(Person),:TYPE\n1,2,KNOWS\n");
        Files.writeString(dir.resolve("notes.txt"), "not a csv");

        List<CsvFolderLayout.Group> groups = CsvFolderLayout.detect(dir);
        assertEquals(4, groups.size(), groups.toString());
        CsvFolderLayout.Group people = groups.stream().filter(g -> g.name().equals("people")).findFirst().orElseThrow();
        assertTrue(people.nodes());
        assertEquals(2, people.files().size());
        assertEquals("people", people.labelOrType(), "without a :LABEL column the group name is the label");
        assertEquals("personId", people.keyProperty());
        CsvFolderLayout.Group companies = groups.stream().filter(g -> g.name().equals("companies")).findFirst().orElseThrow();
        assertEquals("Company", companies.labelOrType(), "with a :LABEL column the id space names the label to constrain");
        CsvFolderLayout.Group edges = groups.stream().filter(g -> g.name().equals("edges")).findFirst().orElseThrow();
        assertTrue(!edges.nodes());

        assertEquals(Map.of("people", "personId", "Company", "companyId"), CsvFolderLayout.labelKeys(groups));
        List<String> args = CsvFolderLayout.inputArguments(groups);
        assertTrue(args.contains("--relationships=WORKS_AT=" + dir.resolve("WORKS_AT.csv").toAbsolutePath()), args.toString());
        assertTrue(args.contains("--relationships=" + dir.resolve("edges_1.csv").toAbsolutePath()), "a :TYPE column: no type prefix " + args);
        assertTrue(args.contains("--nodes=" + dir.resolve("companies.csv").toAbsolutePath()), "a :LABEL column: no label prefix " + args);
        assertTrue(args.contains("--nodes=people=" + dir.resolve("people-header.csv").toAbsolutePath() + "," + dir.resolve("people-part-1.csv.gz").toAbsolutePath()
                + "," + dir.resolve("people-part-2.csv.gz").toAbsolutePath()), args.toString());

        ImportDataset ds = ImportDatasets.folder(dir, List.of("people.name"), null);
        assertTrue(ds.importArguments().contains("--id-type=string") && ds.importArguments().contains("--skip-bad-relationships=true"));
        assertEquals("--bad-tolerance=5", ds.importArguments(5).get(4), "options right after the database name");
        assertEquals(3, ds.schemaSteps().size(), "two constraints and one index");
        assertTrue(Double.isNaN(ds.scale()) && ds.inputBytes() > 0);
    }

    @Test
    void badFoldersAreNamed(@TempDir Path dir) throws Exception {
        assertTrue(assertThrows(UserError.class, () -> CsvFolderLayout.detect(dir)).getMessage().contains("no .csv or .csv.gz files in " + dir));
        Files.writeString(dir.resolve("things.csv"), "a,b,c\n1,2,3\n");
        UserError e = assertThrows(UserError.class, () -> CsvFolderLayout.detect(dir));
        assertTrue(e.getMessage().contains(dir.resolve("things.csv") + " line 1: header 'a,b,c' has neither an :ID column"), e.getMessage());
        Files.delete(dir.resolve("things.csv"));
        Files.writeString(dir.resolve("p.csv"), "id:ID(P)\n1\n");
        e = assertThrows(UserError.class, () -> ImportDatasets.folder(dir, List.of("Q.name"), null));
        assertTrue(e.getMessage().contains("index 'Q.name' (option --index) names label Q, which the dataset does not have; labels: p"), e.getMessage());
        e = assertThrows(UserError.class, () -> ImportDatasets.folder(dir, List.of("nodot"), null));
        assertTrue(e.getMessage().contains("expected Label.property"), e.getMessage());
    }

    private static void gzip(Path file, String text) throws Exception {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
