package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * Reads a user's folder of Neo4j-import-format CSV files (comma-separated, optionally gzipped) and
 * works out the importer's inputs:
 * <ul>
 *   <li>files are grouped by name: {@code X-header.csv} (or {@code X_header.csv}) is the header of
 *       {@code X-part-1.csv.gz}, {@code X_2.csv} …; a file without a separate header has it on its first line;</li>
 *   <li>a header with {@code :START_ID} makes a relationship group (type: its {@code :TYPE} column, else the
 *       group name); one with {@code :ID} a node group (label: its {@code :LABEL} column, else the group name);</li>
 *   <li>a node group's key is its ID column's property ({@code personId:ID(Person)} → {@code personId}).</li>
 * </ul>
 */
public final class CsvFolderLayout {

    /** One node or relationship group: its header line, its files, and what it declares. */
    public record Group(String name, boolean nodes, Path headerFile, List<Path> files, String header,
                        String labelOrType, String keyProperty) {
    }

    private static final Pattern HEADER = Pattern.compile("(.+?)[-_]header");
    private static final Pattern PART = Pattern.compile("(.+?)(?:[-_]part)?[-_]\\d+");
    private static final Pattern ID = Pattern.compile("^([^:]*):ID(?:\\(([^)]+)\\))?(?::.*)?$");

    private CsvFolderLayout() {
    }

    public static List<Group> detect(Path dir) {
        if (!Files.isDirectory(dir)) throw new UserError("dataset folder " + dir + " does not exist (option --dataset)");
        Map<String, Path> headers = new TreeMap<>();
        Map<String, List<Path>> parts = new TreeMap<>();
        try (var list = Files.list(dir)) {
            for (Path f : list.sorted().toList()) {
                String n = f.getFileName().toString();
                if (!Files.isRegularFile(f) || !(n.endsWith(".csv") || n.endsWith(".csv.gz"))) continue;
                String base = n.substring(0, n.indexOf(".csv"));
                Matcher h = HEADER.matcher(base), p = PART.matcher(base);
                if (h.matches()) headers.put(h.group(1), f);
                else parts.computeIfAbsent(p.matches() ? p.group(1) : base, k -> new ArrayList<>()).add(f);
            }
        } catch (IOException e) {
            throw new UserError("cannot read dataset folder " + dir + ": " + e.getMessage());
        }
        if (parts.isEmpty()) throw new UserError("no .csv or .csv.gz files in " + dir + " (option --dataset)");
        for (String h : headers.keySet()) {
            if (!parts.containsKey(h)) throw new UserError("header file " + headers.get(h) + " has no data files named " + h + "-*.csv(.gz)");
        }
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<String, List<Path>> e : parts.entrySet()) {
            Path headerFile = headers.get(e.getKey());
            Path source = headerFile != null ? headerFile : e.getValue().get(0);
            groups.add(group(e.getKey(), headerFile, e.getValue(), firstLine(source), source));
        }
        return groups;
    }

    private static Group group(String name, Path headerFile, List<Path> files, String header, Path source) {
        String[] cols = header.split(",", -1);
        boolean rel = false, node = false;
        String key = null, idSpace = null, typeCol = null, labelCol = null;
        for (String c : cols) {
            String col = c.trim();
            if (col.startsWith(":START_ID")) rel = true;
            if (col.equals(":TYPE")) typeCol = col;
            if (col.equals(":LABEL")) labelCol = col;
            Matcher m = ID.matcher(col);
            if (m.matches()) {
                node = true;
                key = m.group(1).isEmpty() ? null : m.group(1);
                idSpace = m.group(2);
            }
        }
        if (rel) return new Group(name, false, headerFile, files, header, typeCol != null ? null : name, null);
        if (!node) {
            throw new UserError(source + " line 1: header '" + header + "' has neither an :ID column (nodes) nor :START_ID/:END_ID"
                    + " (relationships); see Neo4j's import header format");
        }
        // with a :LABEL column labels come from the rows; the id space then names the label to constrain
        String label = labelCol == null ? name : idSpace;
        return new Group(name, true, headerFile, files, header, label, label == null ? null : key);
    }

    static String firstLine(Path f) {
        try (InputStream raw = Files.newInputStream(f);
             InputStream in = f.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line = r.readLine();
            if (line == null || line.isBlank()) throw new UserError(f + " line 1: empty file, expected a header line");
            return line.startsWith("\uFEFF") ? line.substring(1) : line;
        } catch (IOException e) {
            throw new UserError("cannot read " + f + ": " + e.getMessage());
        }
    }

    /** The importer's input options for these groups, files listed explicitly. */
    public static List<String> inputArguments(List<Group> groups) {
        List<String> args = new ArrayList<>();
        for (Group g : groups) {
            List<String> files = new ArrayList<>();
            if (g.headerFile() != null) files.add(g.headerFile().toAbsolutePath().toString());
            for (Path f : g.files()) files.add(f.toAbsolutePath().toString());
            String prefix = g.labelOrType() != null && (g.nodes() ? !g.header().contains(":LABEL") : true) ? g.labelOrType() + "=" : "";
            args.add((g.nodes() ? "--nodes=" : "--relationships=") + prefix + String.join(",", files));
        }
        return args;
    }

    /** Label → key property of node groups that declare both. */
    public static Map<String, String> labelKeys(List<Group> groups) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Group g : groups) if (g.nodes() && g.labelOrType() != null && g.keyProperty() != null) keys.putIfAbsent(g.labelOrType(), g.keyProperty());
        return keys;
    }
}
