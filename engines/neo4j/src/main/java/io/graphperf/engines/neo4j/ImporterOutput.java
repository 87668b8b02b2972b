package io.graphperf.engines.neo4j;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Neo4j's importer printed about itself: each stage's time ("Node import COMPLETED in 7s 708ms"),
 * the total ("IMPORT DONE in 16s 929ms"), what it imported and its own peak-memory estimate.
 *
 * @param stages        stage name to seconds, in order
 * @param totalSeconds  the importer's own total, NaN when it did not finish
 * @param peakMemory    the importer's "Peak memory usage" line (its data structures, not the process's RSS)
 */
public record ImporterOutput(Map<String, Double> stages, double totalSeconds, long nodes, long relationships,
                             long properties, String peakMemory) {

    private static final Pattern STAGE = Pattern.compile("^(\\S.*?) COMPLETED in (.+)$");
    private static final Pattern DONE = Pattern.compile("^IMPORT DONE in ([^.]+)\\.");
    private static final Pattern COUNT = Pattern.compile("^\\s+(\\d+) (nodes|relationships|properties)$");
    private static final Pattern PEAK = Pattern.compile("^Peak memory usage: (.+)$");
    private static final Pattern DURATION_PART = Pattern.compile("(\\d+)(ms|s|m|h)");

    public static ImporterOutput parse(List<String> lines) {
        Map<String, Double> stages = new LinkedHashMap<>();
        double total = Double.NaN;
        long nodes = 0, rels = 0, props = 0;
        String peak = null;
        for (String line : lines) {
            Matcher m;
            if ((m = STAGE.matcher(line)).matches()) stages.put(m.group(1).trim(), seconds(m.group(2)));
            else if ((m = DONE.matcher(line)).find()) total = seconds(m.group(1));
            else if ((m = PEAK.matcher(line)).matches()) peak = m.group(1).trim();
            else if ((m = COUNT.matcher(line)).matches()) {
                long n = Long.parseLong(m.group(1));
                switch (m.group(2)) {
                    case "nodes" -> nodes = n;
                    case "relationships" -> rels = n;
                    default -> props = n;
                }
            }
        }
        return new ImporterOutput(stages, total, nodes, rels, props, peak);
    }

    /** "1h 2m 3s 45ms" and its shorter forms, in seconds. */
    static double seconds(String text) {
        double s = 0;
        Matcher m = DURATION_PART.matcher(text);
        while (m.find()) {
            double v = Double.parseDouble(m.group(1));
            s += switch (m.group(2)) {
                case "ms" -> v / 1000;
                case "m" -> v * 60;
                case "h" -> v * 3600;
                default -> v;
            };
        }
        return s;
    }
}
