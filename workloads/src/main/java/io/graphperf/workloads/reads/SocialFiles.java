package io.graphperf.workloads.reads;

import io.graphperf.core.UserError;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The social dataset read back from its CSV files, not from the generator, so answers computed from
 * it check the database independently: node properties by key, relationships as adjacency lists.
 */
final class SocialFiles {

    /** A node group: column name → index, rows by key. */
    record Nodes(Map<String, Integer> columns, Map<Long, String[]> rows) {
        String get(long key, String column) {
            String[] r = rows.get(key);
            Integer c = columns.get(column);
            if (r == null || c == null || c >= r.length) return null;
            return r[c].isEmpty() ? null : r[c];
        }
    }

    /** Relationships of one type: out[start] and in[end] lists, and one property column if asked. */
    record Rels(Map<Long, List<Long>> out, Map<Long, List<Long>> in) {
        List<Long> out(long k) {
            return out.getOrDefault(k, List.of());
        }

        List<Long> in(long k) {
            return in.getOrDefault(k, List.of());
        }

        /** Both directions: the undirected neighbours, one entry per relationship. */
        List<Long> both(long k) {
            List<Long> l = new ArrayList<>(out(k));
            l.addAll(in(k));
            return l;
        }
    }

    private final Path dir;
    private final Map<String, Nodes> nodes = new HashMap<>();
    private final Map<String, Rels> rels = new HashMap<>();

    SocialFiles(Path dir) {
        this.dir = dir;
    }

    synchronized Nodes nodes(String label) {
        return nodes.computeIfAbsent(label, l -> {
            List<String[]> rows = read(l);
            Map<String, Integer> cols = new HashMap<>();
            String[] header = header(l);
            for (int i = 0; i < header.length; i++) cols.put(header[i].replaceAll(":.*", ""), i);
            Map<Long, String[]> byKey = new HashMap<>();
            for (String[] r : rows) byKey.putIfAbsent(Long.parseLong(r[0]), r);
            return new Nodes(cols, byKey);
        });
    }

    synchronized Rels rels(String type) {
        return rels.computeIfAbsent(type, t -> {
            Map<Long, List<Long>> out = new HashMap<>(), in = new HashMap<>();
            for (String[] r : read(t)) {
                long a = Long.parseLong(r[0]), b = Long.parseLong(r[1]);
                out.computeIfAbsent(a, k -> new ArrayList<>()).add(b);
                in.computeIfAbsent(b, k -> new ArrayList<>()).add(a);
            }
            return new Rels(out, in);
        });
    }

    private String[] header(String group) {
        try {
            return Files.readAllLines(dir.resolve(group + "-header.csv")).get(0).split(",", -1);
        } catch (IOException | IndexOutOfBoundsException e) {
            throw new UserError("cannot read the header of " + group + " in " + dir + ": " + e.getMessage());
        }
    }

    private List<String[]> read(String group) {
        List<String[]> rows = new ArrayList<>();
        try (var list = Files.list(dir)) {
            for (Path f : list.filter(p -> p.getFileName().toString().matches(Pattern.quote(group) + "-part-\\d+\\.csv(\\.gz)?")).sorted().toList()) {
                try (InputStream raw = Files.newInputStream(f);
                     InputStream in = f.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
                     BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
                    String line;
                    while ((line = r.readLine()) != null) if (!line.isEmpty()) rows.add(line.split(",", -1));
                }
            }
        } catch (IOException e) {
            throw new UserError("cannot read " + group + " files in " + dir + ": " + e.getMessage());
        }
        return rows;
    }
}
