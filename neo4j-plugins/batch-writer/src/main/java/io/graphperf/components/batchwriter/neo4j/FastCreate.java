package io.graphperf.components.batchwriter.neo4j;

import io.graphperf.components.batchwriter.UnwindRewriter;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The applier's fast path for the simplest write, one node with labels and properties from parameters
 * ({@code CREATE (u:User {user_id: $id, name: $name})}, batched as {@code UNWIND $rows AS row CREATE (u:User {user_id: row.id, …})}):
 * each row becomes a node through the database's Java API, in the batch's transaction, without Cypher's planning and per-row
 * evaluation (bench/apply-forms.sh measures the CPU a row of each form). It creates what the Cypher would: the same labels, and
 * each value that is not null — a number, a string, a boolean — as the same property (the Java API stores a parameter's type as
 * Cypher does). A batch with any other kind of value (a list, a map, bytes) goes to Cypher whole, and so does every other
 * statement: backticked names, literals, several nodes, relationships.
 */
public final class FastCreate {

    private static final String NAME = "[A-Za-z_][A-Za-z_0-9]*";
    private static final Pattern FORM = Pattern.compile("UNWIND \\$" + UnwindRewriter.ROWS + " AS " + UnwindRewriter.ROW
            + " (?i:CREATE)\\s*\\(\\s*(?:" + NAME + ")?((?:\\s*:\\s*" + NAME + ")+)\\s*(?:\\{([^{}]*)})?\\s*\\)\\s*");
    private static final Pattern ENTRY = Pattern.compile("\\s*(" + NAME + ")\\s*:\\s*" + UnwindRewriter.ROW + "\\.(" + NAME + ")\\s*");
    /** Parsed forms by batched statement; an application uses few statements, the bound keeps a stray one from growing it. */
    private static final Map<String, Optional<FastCreate>> KNOWN = new ConcurrentHashMap<>();
    private static final int REMEMBERED = 1024;

    private final Label[] labels;
    private final String[] keys, params;

    private FastCreate(Label[] labels, String[] keys, String[] params) {
        this.labels = labels;
        this.keys = keys;
        this.params = params;
    }

    /** The fast path of a batched statement ({@link UnwindRewriter#batched}), or empty when Cypher must apply it. */
    public static Optional<FastCreate> of(String batched) {
        Optional<FastCreate> known = KNOWN.get(batched);
        if (known != null) return known;
        Optional<FastCreate> parsed = Optional.ofNullable(parse(batched));
        if (KNOWN.size() < REMEMBERED) KNOWN.put(batched, parsed);
        return parsed;
    }

    static FastCreate parse(String batched) {
        Matcher m = FORM.matcher(batched);
        if (!m.matches()) return null;
        List<Label> labels = new ArrayList<>();
        for (String l : m.group(1).split(":")) if (!l.isBlank()) labels.add(Label.label(l.trim()));
        List<String> keys = new ArrayList<>(), params = new ArrayList<>();
        String map = m.group(2);
        if (map != null && !map.isBlank()) {
            Set<String> seen = new HashSet<>();
            for (String entry : map.split(",", -1)) {
                Matcher e = ENTRY.matcher(entry);
                if (!e.matches() || !seen.add(e.group(1))) return null;
                keys.add(e.group(1));
                params.add(e.group(2));
            }
        }
        return new FastCreate(labels.toArray(Label[]::new), keys.toArray(String[]::new), params.toArray(String[]::new));
    }

    /** The labels and, in order, each property's key and the parameter that gives it (for tests and descriptions). */
    List<String> describe() {
        List<String> out = new ArrayList<>();
        for (Label l : labels) out.add(":" + l.name());
        for (int i = 0; i < keys.length; i++) out.add(keys[i] + "=$" + params[i]);
        return out;
    }

    /** Creates a node for each row, or nothing and false when a row holds a value this path does not write as Cypher would. */
    public boolean apply(Transaction tx, List<Map<String, Object>> rows) {
        for (Map<String, Object> row : rows) {
            for (String p : params) if (!scalar(row.get(p))) return false;
        }
        for (Map<String, Object> row : rows) {
            Node n = tx.createNode(labels);
            for (int i = 0; i < keys.length; i++) {
                Object v = row.get(params[i]);
                if (v != null) n.setProperty(keys[i], v);
            }
        }
        return true;
    }

    private static boolean scalar(Object v) {
        return v == null || v instanceof String || v instanceof Boolean || v instanceof Long || v instanceof Integer || v instanceof Short
                || v instanceof Byte || v instanceof Double || v instanceof Float;
    }
}
