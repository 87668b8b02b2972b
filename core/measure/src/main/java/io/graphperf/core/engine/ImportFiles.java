package io.graphperf.core.engine;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A dataset in the bulk-import layout as a loader other than Neo4j's reads it: from the importer arguments graphperf's datasets
 * give Neo4j's importer ({@code --nodes=Label=HEADER,PARTS} and {@code --relationships=TYPE=HEADER,PARTS}, PARTS a regular
 * expression over file names in their folder), each label's and type's header file and part files. Other arguments are Neo4j's
 * importer's own and ignored here.
 */
public record ImportFiles(List<Table> nodes, List<Table> relationships) {

    /** One label's or type's files: its header file and its data files (in name order). */
    public record Table(String name, Path header, List<Path> files) {
    }

    /** The files the arguments name; {@code loader} names the loader in errors (e.g. "Kuzu's loader"). */
    public static ImportFiles of(List<String> arguments, String loader) throws IOException {
        List<Table> nodes = new ArrayList<>(), relationships = new ArrayList<>();
        for (String a : arguments) {
            boolean node = a.startsWith("--nodes="), rel = a.startsWith("--relationships=");
            if (!node && !rel) continue;
            String v = a.substring(a.indexOf('=') + 1);
            int eq = v.indexOf('=');
            if (eq < 0) throw new UserError("importer argument " + a + ": " + loader + " needs the label or type before the files (NAME=HEADER,PARTS)");
            String[] files = v.substring(eq + 1).split(",");
            List<Path> parts = new ArrayList<>();
            for (int i = 1; i < files.length; i++) parts.addAll(matching(Path.of(files[i])));
            (node ? nodes : relationships).add(new Table(v.substring(0, eq), Path.of(files[0]), parts));
        }
        if (nodes.isEmpty()) throw new UserError("the importer arguments name no --nodes files for " + loader);
        return new ImportFiles(nodes, relationships);
    }

    /** The files a part pattern names: the pattern is a regular expression over the names in its folder. */
    private static List<Path> matching(Path pattern) throws IOException {
        Pattern names = Pattern.compile(pattern.getFileName().toString());
        try (var files = Files.list(pattern.getParent())) {
            return files.filter(f -> names.matcher(f.getFileName().toString()).matches()).sorted().toList();
        }
    }

    /** Each file of a store (a folder or one file) with its size, by its path inside the store. */
    public static Map<String, Long> sizes(Path store) throws IOException {
        Map<String, Long> m = new LinkedHashMap<>();
        if (Files.isRegularFile(store)) {
            m.put(store.getFileName().toString(), Files.size(store));
        } else if (Files.isDirectory(store)) {
            try (var files = Files.walk(store)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) m.put(store.relativize(f).toString(), Files.size(f));
            }
        }
        return m;
    }

    /** Deletes a folder and all it holds (nothing when it is not there). */
    public static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (var walk = Files.walk(p)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        }
    }
}
