package io.graphperf.core.engine;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** A small dataset in the bulk-import layout for the loaders' tests. */
public final class ImportFixtures {

    private ImportFixtures() {
    }

    /**
     * Three people (one with quotes and a comma in a name, one with an empty field, one in a gzipped part) and three friendships,
     * one to a person not in the files; returns the importer arguments.
     */
    public static List<String> people(Path d) throws Exception {
        Files.writeString(d.resolve("Person-header.csv"), "personKey:ID(Person),name,born:long,active:boolean\n");
        Files.writeString(d.resolve("Person-part-00000.csv"), "1,Ann,1990,true\n2,\"Bo, \"\"the\"\" second\",1985,false\n");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(d.resolve("Person-part-00001.csv.gz")))) {
            out.write("3,,2001,true\n".getBytes());
        }
        Files.writeString(d.resolve("FRIEND_OF-header.csv"), ":START_ID(Person),:END_ID(Person),since:long\n");
        Files.writeString(d.resolve("FRIEND_OF-part-00000.csv"), "1,2,2020\n2,3,2021\n2,99,2022\n");
        return List.of("--id-type=integer", "--nodes=Person=" + d.resolve("Person-header.csv") + "," + d.resolve("Person-part-[0-9]+\\.csv(\\.gz)?"),
                "--relationships=FRIEND_OF=" + d.resolve("FRIEND_OF-header.csv") + "," + d.resolve("FRIEND_OF-part-[0-9]+\\.csv"));
    }
}
