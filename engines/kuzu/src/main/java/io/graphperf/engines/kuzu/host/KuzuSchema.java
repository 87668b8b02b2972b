package io.graphperf.engines.kuzu.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A dataset in the bulk-import layout (a header file per label or type, in Neo4j's header syntax, and header-less part
 * files) as Kuzu's schema and its {@code COPY} statements: a node table per label keyed by its {@code name:ID(Label)}
 * column, a relationship table per type between the labels of its {@code :START_ID(A)} and {@code :END_ID(B)}, each
 * property typed as the header says (long and int as INT64, double and float as DOUBLE, boolean, otherwise STRING).
 */
public final class KuzuSchema {

    private static final Pattern ID = Pattern.compile("(\\w+):ID\\((\\w+)\\)");
    private static final Pattern END = Pattern.compile(":(START|END)_ID\\((\\w+)\\)");

    private KuzuSchema() {
    }

    /** CREATE NODE TABLE for a label from its header line. */
    public static String nodeTable(String label, String header, Path headerFile) {
        List<String> columns = new ArrayList<>();
        String key = null;
        for (String field : header.trim().split(",")) {
            Matcher m = ID.matcher(field);
            if (m.matches()) {
                key = m.group(1);
                columns.add(quote(key) + " INT64");
            } else {
                columns.add(property(field, headerFile));
            }
        }
        if (key == null) throw new IllegalArgumentException(headerFile + ": no name:ID(Label) column, which Kuzu needs as the primary key");
        return "CREATE NODE TABLE " + quote(label) + "(" + String.join(", ", columns) + ", PRIMARY KEY(" + quote(key) + "))";
    }

    /** CREATE REL TABLE for a type from its header line: its start and end labels first, as Kuzu's COPY reads them. */
    public static String relTable(String type, String header, Path headerFile) {
        String[] fields = header.trim().split(",");
        Matcher from = END.matcher(fields[0]), to = fields.length > 1 ? END.matcher(fields[1]) : null;
        if (!from.matches() || !from.group(1).equals("START") || to == null || !to.matches() || !to.group(1).equals("END")) {
            throw new IllegalArgumentException(headerFile + ": the first two columns must be :START_ID(Label) and :END_ID(Label) for Kuzu's COPY");
        }
        List<String> columns = new ArrayList<>(List.of("FROM " + quote(from.group(2)) + " TO " + quote(to.group(2))));
        for (int i = 2; i < fields.length; i++) columns.add(property(fields[i], headerFile));
        return "CREATE REL TABLE " + quote(type) + "(" + String.join(", ", columns) + ")";
    }

    private static String property(String field, Path headerFile) {
        int colon = field.indexOf(':');
        String name = colon < 0 ? field : field.substring(0, colon), type = colon < 0 ? "string" : field.substring(colon + 1).toLowerCase(Locale.ROOT);
        if (name.isEmpty() || !name.matches("\\w+")) throw new IllegalArgumentException(headerFile + ": column '" + field + "' is not a property Kuzu can hold");
        String kuzu = switch (type) {
            case "long", "int", "short", "byte" -> "INT64";
            case "double", "float" -> "DOUBLE";
            case "boolean" -> "BOOLEAN";
            case "string" -> "STRING";
            default -> throw new IllegalArgumentException(headerFile + ": column '" + field + "' has type '" + type + "', which graphperf does not map to Kuzu");
        };
        return quote(name) + " " + kuzu;
    }

    /** COPY of a table from its part files (no header in them), rows Kuzu cannot take skipped and listed as warnings. */
    public static String copy(String table, List<Path> files) {
        List<String> quoted = files.stream().map(f -> "'" + f.toAbsolutePath().toString().replace("'", "''") + "'").toList();
        return "COPY " + quote(table) + " FROM [" + String.join(", ", quoted) + "] (HEADER=false, QUOTE='\"', ESCAPE='\"', IGNORE_ERRORS=true)";
    }

    /** A name as Kuzu reads it whatever it is (Group, for one, is a keyword in Kuzu's Cypher). */
    static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    public static String headerLine(Path header) throws IOException {
        return Files.readAllLines(header).get(0);
    }
}
