package io.graphperf.workloads.workload;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.measure.ParameterSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a workload file (docs/workloads.md): its own sections — {@code name}, {@code description}, {@code operations},
 * {@code parameters}, {@code schema} — into a {@link Workload}, every error naming the file, line and key; its other keys are options
 * (the command line reads those, and refuses one it does not know). Parameter files are read here, relative to the workload file.
 */
public final class WorkloadFile {

    /** The file's own sections; every other top-level key is an option of {@code graphperf run workload}. */
    public static final List<String> SECTIONS = List.of("name", "description", "operations", "parameters", "schema");

    private static final List<String> OPERATION_KEYS = List.of("name", "weight", "write", Texts.CYPHER, "procedure", "args", "from", "ordered",
            "tolerance", "entities", "id");
    private static final List<String> SOURCE_KINDS = List.of("csv", "query", "uniform", "zipfian", "unique");
    private static final String NAME = "[A-Za-z0-9_][A-Za-z0-9_.-]*";

    private final Path file;
    private final List<String> dialects;

    private WorkloadFile(Path file, Set<String> dialects) {
        this.file = file;
        List<String> d = new ArrayList<>(dialects);
        d.remove(Texts.CYPHER);
        this.dialects = List.copyOf(d);
    }

    /**
     * The workload in {@code file}.
     *
     * @param dialects the dialects an operation may give a text of its own for (neo4j, kuzu, falkordb, arcadedb, orientdb …)
     */
    public static Workload read(Path file, Set<String> dialects) {
        return new WorkloadFile(file.toAbsolutePath().normalize(), dialects).read();
    }

    private Workload read() {
        YamlNode root = YamlNode.read(file);
        if (!root.isMap()) throw root.error("a workload file is a map: operations:, parameters:, and options such as clients:");
        Map<String, YamlNode> top = root.map();
        Map<String, Integer> lines = new LinkedHashMap<>();
        top.forEach((k, v) -> lines.put(k, v.line()));
        YamlNode ops = top.get("operations");
        if (ops == null) throw root.error("no operations: a workload file lists its operations under 'operations:'");
        YamlNode thresholds = top.get("thresholds");
        if (thresholds != null) for (YamlNode t : thresholds.items()) lines.put("thresholds:" + t.text(), t.line());
        List<SourceSpec> sources = top.containsKey("parameters") ? sources(top.get("parameters")) : List.of();
        List<OperationSpec> operations = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (YamlNode o : ops.list()) {
            OperationSpec op = operation(o);
            if (!names.add(op.name())) throw o.error("operation '" + op.name() + "' is named twice");
            operations.add(op);
        }
        if (operations.isEmpty()) throw ops.error("no operations under 'operations:'");
        Workload w = new Workload(file, top.containsKey("name") ? top.get("name").text() : base(file), top.containsKey("description")
                ? top.get("description").text() : "", operations, sources, top.containsKey("schema") ? texts(top.get("schema"), true) : Texts.of(List.of()),
                lines);
        checkParameters(w, ops);
        return w;
    }

    private static String base(Path file) {
        String n = file.getFileName().toString();
        return n.contains(".") ? n.substring(0, n.lastIndexOf('.')) : n;
    }

    // ---- operations ------------------------------------------------------------------------------

    private OperationSpec operation(YamlNode node) {
        List<String> known = new ArrayList<>(OPERATION_KEYS);
        known.addAll(dialects);
        Map<String, YamlNode> m = node.keys(known);
        YamlNode n = m.get("name");
        if (n == null) throw node.error("an operation needs a name (name: friends)");
        String name = n.text();
        if (!name.matches(NAME)) throw n.error("operation name '" + name + "': letters, digits, _, . and - only");
        long weight = m.containsKey("weight") ? m.get("weight").integer() : 1;
        if (weight < 1) throw m.get("weight").error("operation '" + name + "': weight " + weight + " must be at least 1 (weights are relative: 1 and 9 make 10 % and 90 %)");
        if (weight > 1_000_000) throw m.get("weight").error("operation '" + name + "': weight " + weight + " is over 1,000,000");
        boolean write = m.containsKey("write") && m.get("write").bool();
        String procedure = m.containsKey("procedure") ? m.get("procedure").text() : null;
        List<String> args = new ArrayList<>();
        if (m.containsKey("args")) for (YamlNode a : m.get("args").items()) args.add(a.text());
        if (procedure != null && m.containsKey(Texts.CYPHER)) throw node.error("operation '" + name + "': give cypher or procedure, not both");
        if (procedure == null && !args.isEmpty()) throw m.get("args").error("operation '" + name + "': args go with a procedure");
        if (procedure != null && !procedure.matches("[A-Za-z_][A-Za-z0-9_.]*")) throw m.get("procedure").error("procedure name '" + procedure + "'");
        Texts texts = procedure != null
                ? withCypher(texts(node, false), List.of("CALL " + procedure + "(" + String.join(", ", args.stream().map(a -> "$" + a).toList()) + ")"))
                : texts(node, false);
        if (texts.all().isEmpty()) throw node.error("operation '" + name + "' has no text: give cypher: (or a procedure:, or a text per dialect)");
        Boolean ordered = m.containsKey("ordered") ? m.get("ordered").bool() : null;
        Double tolerance = m.containsKey("tolerance") ? m.get("tolerance").number() : null;
        if (tolerance != null && !(tolerance >= 0)) throw m.get("tolerance").error("a tolerance is 0 or more (relative, e.g. 1e-9)");
        long entities = m.containsKey("entities") ? m.get("entities").integer() : 1;
        if (entities < 0) throw m.get("entities").error("entities is 0 or more");
        OperationSpec.WrittenId id = m.containsKey("id") ? writtenId(m.get("id"), name, write) : null;
        List<String> from = new ArrayList<>();
        if (m.containsKey("from")) for (YamlNode f : m.get("from").items()) from.add(f.text());
        return new OperationSpec(name, (int) weight, write, texts, procedure, List.copyOf(args), ordered, tolerance, entities, id, List.copyOf(from), node.line());
    }

    private static Texts withCypher(Texts t, List<String> cypher) {
        return new Texts(cypher, t.dialects(), t.notExpressible(), t.line());
    }

    private OperationSpec.WrittenId writtenId(YamlNode node, String op, boolean write) {
        if (!write) throw node.error("operation '" + op + "' declares the id it writes (id:) but is no write: add write: true");
        List<String> known = new ArrayList<>(List.of("parameter", "label", "property", "check"));
        Map<String, YamlNode> m = node.keys(known);
        for (String k : List.of("parameter", "label", "property")) if (!m.containsKey(k)) throw node.error("id: needs " + k + ": (parameter, label, property)");
        Texts check = m.containsKey("check") ? texts(m.get("check"), false) : null;
        return new OperationSpec.WrittenId(m.get("parameter").text(), m.get("label").text(), m.get("property").text(), check, node.line());
    }

    /**
     * Texts: {@code cypher} and a key per dialect inside {@code node} (an operation), or, for a value that is itself the text (a
     * query source's, the schema's), a text, a list of them, or a map of dialect → text.
     */
    private Texts texts(YamlNode node, boolean whole) {
        List<String> cypher = new ArrayList<>();
        Map<String, List<String>> own = new LinkedHashMap<>();
        Map<String, String> not = new LinkedHashMap<>();
        if (whole && !node.isMap()) return new Texts(statements(node), Map.of(), Map.of(), node.line());
        Map<String, YamlNode> m = node.map();
        for (Map.Entry<String, YamlNode> e : m.entrySet()) {
            String key = e.getKey();
            YamlNode v = e.getValue();
            if (key.equals(Texts.CYPHER)) {
                cypher.addAll(statements(v));
            } else if (dialects.contains(key)) {
                if (v.isMap()) {
                    Map<String, YamlNode> x = v.keys(List.of("not-expressible"));
                    if (!x.containsKey("not-expressible")) throw v.error("a dialect's entry is a text, a list of texts, or not-expressible: WHY");
                    not.put(key, x.get("not-expressible").text());
                } else {
                    own.put(key, statements(v));
                }
            } else if (whole) {
                throw v.error("unknown dialect '" + key + "'; known: cypher, " + String.join(", ", dialects));
            }
        }
        return new Texts(cypher, own, not, node.line());
    }

    private static List<String> statements(YamlNode v) {
        List<String> out = new ArrayList<>();
        for (YamlNode s : v.items()) {
            String t = s.text().strip();
            if (t.isEmpty()) throw s.error("an empty statement");
            out.add(t.endsWith(";") ? t.substring(0, t.length() - 1).strip() : t);
        }
        if (out.isEmpty()) throw v.error("no statement");
        return out;
    }

    // ---- parameter sources ------------------------------------------------------------------------

    private List<SourceSpec> sources(YamlNode node) {
        List<SourceSpec> out = new ArrayList<>();
        for (Map.Entry<String, YamlNode> e : node.map().entrySet()) {
            String name = e.getKey();
            YamlNode spec = e.getValue();
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) throw spec.error("parameter source name '" + name + "': letters, digits and _");
            out.add(source(name, spec));
        }
        return out;
    }

    private SourceSpec source(String name, YamlNode spec) {
        List<String> known = new ArrayList<>(SOURCE_KINDS);
        known.addAll(List.of("order", "columns", "limit"));
        Map<String, YamlNode> m = spec.keys(known);
        List<String> kinds = SOURCE_KINDS.stream().filter(m::containsKey).toList();
        if (kinds.size() != 1) throw spec.error("parameter source " + name + " needs exactly one of " + String.join(", ", SOURCE_KINDS));
        String kind = kinds.get(0);
        YamlNode v = m.get(kind);
        ParameterSource.Order order = order(m.get("order"));
        List<String> columns = new ArrayList<>();
        if (m.containsKey("columns")) for (YamlNode c : m.get("columns").items()) columns.add(c.text());
        if (!kind.equals("csv") && !kind.equals("query")) {
            if (m.containsKey("order") || m.containsKey("columns") || m.containsKey("limit")) {
                throw spec.error("order, columns and limit go with csv and query sources, not " + kind);
            }
        }
        try {
            return switch (kind) {
                case "csv" -> {
                    Path f = file.getParent().resolve(v.text()).normalize();
                    yield new SourceSpec.Csv(name, f, CsvParameters.read(name, f, order, columns, v), v.line());
                }
                case "query" -> {
                    Texts t = texts(v, true);
                    if (t.all().values().stream().anyMatch(s -> s.size() != 1)) throw v.error("a query source is one statement");
                    long limit = m.containsKey("limit") ? m.get("limit").integer() : 100_000;
                    if (limit < 1 || limit > 1_000_000) throw m.get("limit").error("limit: 1 to 1,000,000 rows");
                    yield new SourceSpec.Query(name, t, order, columns.isEmpty() ? List.of(name) : columns, (int) limit, v.line());
                }
                case "uniform" -> new SourceSpec.Drawn(new ParameterSource.Uniform(name, bound(v, "min", 0), bound(v, "max", 1)), v.line());
                case "zipfian" -> {
                    Map<String, YamlNode> z = v.keys(List.of("min", "max", "exponent", "scrambled"));
                    for (String k : List.of("min", "max")) if (!z.containsKey(k)) throw v.error("zipfian: needs min: and max:");
                    yield new SourceSpec.Drawn(new ParameterSource.Zipfian(name, z.get("min").integer(), z.get("max").integer(),
                            z.containsKey("exponent") ? z.get("exponent").number() : 0.99, z.containsKey("scrambled") && z.get("scrambled").bool()), v.line());
                }
                default -> { // unique
                    long start = v.value() == null ? 0 : v.isMap() ? (v.keys(List.of("start")).containsKey("start") ? v.map().get("start").integer() : 0) : v.integer();
                    yield new SourceSpec.Drawn(new ParameterSource.Unique(name, start), v.line());
                }
            };
        } catch (IllegalArgumentException e) {
            throw v.error(e.getMessage());
        }
    }

    /** uniform: [min, max] or {min:, max:}. */
    private static long bound(YamlNode v, String key, int index) {
        if (v.isList()) {
            if (v.list().size() != 2) throw v.error("uniform: [min, max]");
            return v.list().get(index).integer();
        }
        Map<String, YamlNode> m = v.keys(List.of("min", "max"));
        if (!m.containsKey(key)) throw v.error("uniform: needs min: and max: (or [min, max])");
        return m.get(key).integer();
    }

    private static ParameterSource.Order order(YamlNode node) {
        if (node == null) return ParameterSource.Order.RANDOM;
        String o = node.text().toLowerCase(Locale.ROOT);
        return switch (o) {
            case "random" -> ParameterSource.Order.RANDOM;
            case "sequential" -> ParameterSource.Order.SEQUENTIAL;
            case "circular" -> ParameterSource.Order.CIRCULAR;
            default -> throw node.error("unknown order '" + o + "'; known: random (with replacement), sequential (each record once), circular (in order, round and round)");
        };
    }

    // ---- every parameter given -----------------------------------------------------------------------

    /**
     * Every parameter each text names is given by exactly one source (among those the operation names with from:, where it does); a
     * declared id is one of its operation's parameters.
     */
    /** The dialect a text's key names: the study's own for the Cypher every engine runs, else the dialect the key is. */
    private static DialectName dialect(String key) {
        return key.equals(Texts.CYPHER) ? DialectName.NEO4J : DialectName.of(key);
    }

    private void checkParameters(Workload w, YamlNode ops) {
        for (int i = 0; i < w.operations().size(); i++) {
            OperationSpec op = w.operations().get(i);
            YamlNode at = ops.list().get(i);
            for (String f : op.from()) {
                if (w.sources().stream().noneMatch(s -> s.name().equals(f))) throw at.error("operation '" + op.name() + "' draws from " + f + ", which is no parameter source");
            }
            Set<String> used = new HashSet<>();
            for (Map.Entry<String, List<String>> e : op.texts().all().entrySet()) {
                for (String text : e.getValue()) {
                    for (String p : QueryText.parameters(text, QueryText.sql(dialect(e.getKey()), text))) {
                        used.add(p);
                        List<SourceSpec> by = w.sourcesOf(op, p);
                        String where = "operation '" + op.name() + "'" + (e.getKey().equals(Texts.CYPHER) ? "" : " (" + e.getKey() + ")") + " uses parameter " + p;
                        if (by.isEmpty()) {
                            throw at.error(where + ", which no parameter source" + (op.from().isEmpty() ? "" : " it draws from (" + String.join(", ", op.from()) + ")")
                                    + " gives" + (w.sources().isEmpty() ? " (the file has no parameters: section)"
                                    : "; the sources give " + String.join(", ", w.sources().stream().flatMap(s -> s.gives().stream()).distinct().toList())));
                        }
                        if (by.size() > 1) {
                            throw at.error(where + ", which " + String.join(" and ", by.stream().map(SourceSpec::name).toList()) + " give: name the one it draws"
                                    + " from with from: [" + by.get(0).name() + "]");
                        }
                    }
                }
            }
            if (op.id() != null && !used.contains(op.id().parameter())) {
                throw at.error("operation '" + op.name() + "' declares id parameter " + op.id().parameter() + ", which its text does not use");
            }
        }
    }
}
