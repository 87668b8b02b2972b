package io.graphperf.datagen.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the bad rows that {@code --defects N} injects, from a group's header: N of each kind, spread
 * evenly over the first part, at places that depend only on N and the row count.
 */
public final class Defects {
    private Defects() {
    }

    /** Duplicate keys, rows of empty strings, rows with an extra column, rows missing columns. */
    public static List<Defect> forNodes(int n, List<String> header, long rows, long partRows) {
        List<Defect> d = new ArrayList<>();
        long span = Math.min(rows, partRows);
        for (int k = 0; k < n; k++) {
            long at = span * (k + 1) / (n + 1);
            d.add(new Defect(Defect.DUPLICATE_NODE, at, (k % Math.max(1, at) + 1) + values(header, "duplicate"), null, 0));
            d.add(new Defect(Defect.EMPTY_STRINGS, at, (rows + 1 + k) + values(header, ""), null, 0));
            d.add(new Defect(Defect.EXTRA_COLUMNS, at, (rows + 1 + n + k) + values(header, "extra") + ",surplus", null, 0));
            d.add(new Defect(Defect.MISSING_COLUMNS, at, (rows + 1 + 2L * n + k) + ",short", null, 0));
        }
        return d;
    }

    /** Relationships whose end node does not exist (a valid start, an end key far past the last). */
    public static List<Defect> dangling(int n, List<String> header, long rows, long partRows, long endNodes) {
        List<Defect> d = new ArrayList<>();
        long span = Math.min(rows, partRows);
        List<String> rest = header.subList(2, header.size());
        for (int k = 0; k < n; k++) {
            String row = (k + 1) + "," + (endNodes + 1_000_000L + k) + values(rest, "");
            d.add(new Defect(Defect.DANGLING, span * (k + 1) / (n + 1), row, null, 0));
        }
        return d;
    }

    /** ",v,v,..." for every column after the first: v for string columns, empty for typed ones. */
    private static String values(List<String> header, String v) {
        StringBuilder b = new StringBuilder();
        if (header.isEmpty()) return "";
        for (String column : header.subList(header.get(0).contains(":ID(") ? 1 : 0, header.size())) {
            b.append(',').append(column.contains(":") ? "" : v);
        }
        return b.toString();
    }
}
