package io.graphperf.datagen;

import io.graphperf.core.UserError;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Statistics computed from a dataset's files themselves (not from the manifest): rows per label and
 * type, and degree distributions. Any folder of Neo4j import files with "NAME-header.csv" and
 * "NAME-part-*.csv[.gz]" works.
 */
public final class DatasetStats {

    /** Degree distribution over the nodes that appear at least once. */
    public record Degrees(String what, long nodes, long min, double mean, long median, long p90, long max) {
        static Degrees of(String what, int[] degreeByKey) {
            int[] d = Arrays.stream(degreeByKey).filter(x -> x > 0).sorted().toArray();
            if (d.length == 0) return new Degrees(what, 0, 0, 0, 0, 0, 0);
            long sum = 0;
            for (int x : d) sum += x;
            return new Degrees(what, d.length, d[0], (double) sum / d.length, d[(d.length - 1) / 2], d[(int) Math.ceil(0.9 * d.length) - 1], d[d.length - 1]);
        }
    }

    public record Stats(Map<String, Long> nodeRows, Map<String, Long> relationshipRows, List<Degrees> degrees, long unparsableRows) {
    }

    private static final Pattern PART = Pattern.compile("(.+)-part-\\d+\\.csv(\\.gz)?");

    private DatasetStats() {
    }

    public static Stats compute(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new UserError(dir + " is not a folder");
        Map<String, List<Path>> parts = new LinkedHashMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                var m = PART.matcher(p.getFileName().toString());
                if (m.matches()) parts.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(p);
            }
        }
        if (parts.isEmpty()) throw new UserError("no NAME-part-*.csv[.gz] files in " + dir);
        Map<String, Long> nodes = new LinkedHashMap<>(), rels = new LinkedHashMap<>();
        List<Degrees> degrees = new ArrayList<>();
        long[] unparsable = {0};
        for (Map.Entry<String, List<Path>> e : parts.entrySet()) {
            Path header = dir.resolve(e.getKey() + "-header.csv");
            if (!Files.exists(header)) throw new UserError("missing header file " + header + " for " + e.getValue().get(0));
            String[] columns = Files.readString(header).trim().split(",");
            if (columns.length >= 2 && columns[0].startsWith(":START_ID") && columns[1].startsWith(":END_ID")) {
                String startLabel = label(columns[0]), endLabel = label(columns[1]);
                DegreeCounter start = new DegreeCounter(), both = startLabel.equals(endLabel) ? new DegreeCounter() : null;
                long rows = scan(e.getValue(), (a, b) -> {
                    start.add(a);
                    if (both != null) {
                        both.add(a);
                        both.add(b);
                    }
                }, unparsable);
                rels.put(e.getKey(), rows);
                if (both != null) degrees.add(Degrees.of(e.getKey() + " degree of " + startLabel + " (either end)", both.counts()));
                degrees.add(Degrees.of(e.getKey() + " out-degree of " + startLabel, start.counts()));
            } else {
                nodes.put(e.getKey(), scan(e.getValue(), null, unparsable));
            }
        }
        return new Stats(nodes, rels, degrees, unparsable[0]);
    }

    private static String label(String column) {
        int open = column.indexOf('('), close = column.indexOf(')');
        return open >= 0 && close > open ? column.substring(open + 1, close) : "";
    }

    interface Pair {
        void accept(long start, long end);
    }

    /** Counts rows; with a consumer, parses the first two integer columns of each row. */
    private static long scan(List<Path> files, Pair pair, long[] unparsable) throws IOException {
        long rows = 0;
        for (Path f : files) {
            try (InputStream raw = Files.newInputStream(f);
                 InputStream in = f.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
                 BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII), 1 << 16)) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.isEmpty()) continue;
                    rows++;
                    if (pair == null) continue;
                    int c1 = line.indexOf(','), c2 = c1 < 0 ? -1 : line.indexOf(',', c1 + 1);
                    try {
                        long a = Long.parseLong(line, 0, c1, 10);
                        long b = Long.parseLong(line, c1 + 1, c2 < 0 ? line.length() : c2, 10);
                        pair.accept(a, b);
                    } catch (RuntimeException e) {
                        unparsable[0]++;
                    }
                }
            }
        }
        return rows;
    }

    /** Degree per integer key, growing as keys appear. */
    private static final class DegreeCounter {
        private int[] counts = new int[1024];

        void add(long key) {
            if (key < 0 || key > Integer.MAX_VALUE - 8) return;
            int k = (int) key;
            if (k >= counts.length) counts = Arrays.copyOf(counts, Math.max(k + 1, counts.length * 2));
            counts[k]++;
        }

        int[] counts() {
            return counts;
        }
    }
}
