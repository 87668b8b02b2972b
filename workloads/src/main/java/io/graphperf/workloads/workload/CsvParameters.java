package io.graphperf.workloads.workload;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.ImportRows;
import io.graphperf.core.measure.ParameterSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CSV file of parameters: a header line naming the columns, typed as Neo4j's importer types them ({@code person:long},
 * {@code score:double}, {@code active:boolean}, {@code name} or {@code name:string}, and lists with {@code []}: {@code people:long[]},
 * their items separated by {@code ;}), then one record a line (quoted fields as in the importer's files; gzip when the name ends in
 * .gz). A value that is not of its column's type is an error naming the file and line; an empty field is null.
 */
final class CsvParameters {

    private CsvParameters() {
    }

    /** One column: its name, its item type, whether it is a list. */
    record Column(String name, ImportRows.Type type, boolean list) {
    }

    /**
     * The file's records as a parameter source; {@code wanted} (the columns to take, or empty for all) must be in its header.
     *
     * @param at the workload file's node that names the file, for errors
     */
    static ParameterSource.Records read(String name, Path file, ParameterSource.Order order, List<String> wanted, YamlNode at) {
        if (!Files.isRegularFile(file)) throw at.error("parameter file " + file + " does not exist");
        List<Column> header = header(file, at);
        List<Integer> take = new ArrayList<>();
        for (String w : wanted) {
            int i = indexOf(header, w);
            if (i < 0) throw at.error("column '" + w + "' is not in " + file + " (line 1 has " + names(header) + ")");
            take.add(i);
        }
        if (wanted.isEmpty()) for (int i = 0; i < header.size(); i++) take.add(i);
        List<List<Object>> rows = new ArrayList<>();
        boolean[] first = {true};
        try {
            ImportRows.forEachRow(file, (fields, line) -> {
                if (first[0]) { // the header
                    first[0] = false;
                    return;
                }
                if (fields.size() != header.size()) {
                    throw new IllegalArgumentException(fields.size() + " fields, and the header (line 1) has " + header.size());
                }
                List<Object> row = new ArrayList<>(take.size());
                for (int i : take) row.add(value(fields.get(i), header.get(i)));
                rows.add(row);
            });
        } catch (IllegalArgumentException e) {
            throw at.error("parameter file " + e.getMessage());
        } catch (IOException e) {
            throw at.error("cannot read parameter file " + file + ": " + e.getMessage());
        }
        if (rows.isEmpty()) throw at.error("parameter file " + file + " has no records below its header");
        List<String> columns = take.stream().map(i -> header.get(i).name()).toList();
        return new ParameterSource.Records(name, columns, rows, order, file.getFileName().toString());
    }

    private static List<Column> header(Path file, YamlNode at) {
        List<String> first = new ArrayList<>();
        try {
            ImportRows.forEachRow(file, (fields, line) -> {
                if (first.isEmpty() && line == 1) first.addAll(fields);
            });
        } catch (IllegalArgumentException | IOException e) {
            throw at.error("cannot read parameter file " + file + ": " + e.getMessage());
        }
        if (first.isEmpty() || first.size() == 1 && first.get(0).isBlank()) throw at.error("parameter file " + file + " is empty: line 1 must name its columns");
        List<Column> out = new ArrayList<>();
        for (String f : first) {
            String field = f.trim().replace("\uFEFF", "");
            int colon = field.indexOf(':');
            String n = colon < 0 ? field : field.substring(0, colon), t = colon < 0 ? "string" : field.substring(colon + 1).toLowerCase(Locale.ROOT);
            boolean list = t.endsWith("[]");
            if (list) t = t.substring(0, t.length() - 2);
            if (!n.matches("[A-Za-z_][A-Za-z0-9_]*")) throw at.error(file + " line 1: column '" + field + "' is not a parameter name (letters, digits, _)");
            ImportRows.Type type = switch (t) {
                case "long", "int", "short", "byte" -> ImportRows.Type.LONG;
                case "double", "float" -> ImportRows.Type.DOUBLE;
                case "boolean" -> ImportRows.Type.BOOLEAN;
                case "string" -> ImportRows.Type.STRING;
                default -> throw at.error(file + " line 1: column '" + field + "' has type '" + t + "'; known: long, int, double, float, boolean,"
                        + " string, each also as a list (long[])");
            };
            if (indexOf(out, n) >= 0) throw at.error(file + " line 1: column '" + n + "' is named twice");
            out.add(new Column(n, type, list));
        }
        return out;
    }

    private static Object value(String field, Column c) {
        if (!c.list()) return ImportRows.value(field, c.type());
        if (field.isEmpty()) return List.of();
        List<Object> items = new ArrayList<>();
        for (String item : field.split(";", -1)) items.add(ImportRows.value(item, c.type()));
        return items;
    }

    private static int indexOf(List<Column> columns, String name) {
        for (int i = 0; i < columns.size(); i++) if (columns.get(i).name().equals(name)) return i;
        return -1;
    }

    private static String names(List<Column> columns) {
        return String.join(", ", columns.stream().map(Column::name).toList());
    }
}
