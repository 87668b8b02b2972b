package io.graphperf.workloads.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A user's workload, as its file gives it: named operations mixed by weight, the parameter sources they draw from, and the schema
 * their queries need. (The file's other keys are graphperf's options, which the command line reads.)
 *
 * @param schema    statements run once the data is loaded, before the answer checks (indexes the queries need), per dialect
 * @param lines     where each of the file's top-level keys and each threshold is, for errors about them ("thresholds[1]")
 */
public record Workload(Path file, String name, String description, List<OperationSpec> operations, List<SourceSpec> sources, Texts schema,
                       Map<String, Integer> lines) {

    public Workload {
        operations = List.copyOf(operations);
        sources = List.copyOf(sources);
        lines = Map.copyOf(lines);
    }

    /** Whether any operation writes. */
    public boolean writes() {
        return operations.stream().anyMatch(OperationSpec::write);
    }

    /** The write operations, for errors about them. */
    public List<OperationSpec> writeOperations() {
        return operations.stream().filter(OperationSpec::write).toList();
    }

    /** The sources that give {@code parameter}: among those {@code op} draws from when it names them ({@code from:}), else all. */
    public List<SourceSpec> sourcesOf(OperationSpec op, String parameter) {
        List<SourceSpec> out = new ArrayList<>();
        for (SourceSpec s : sources) if (s.gives().contains(parameter) && (op.from().isEmpty() || op.from().contains(s.name()))) out.add(s);
        return out;
    }

    /** The sources sampled from the database at setup. */
    public List<SourceSpec.Query> querySources() {
        List<SourceSpec.Query> out = new ArrayList<>();
        for (SourceSpec s : sources) if (s instanceof SourceSpec.Query q) out.add(q);
        return out;
    }

    /** "FILE line N" for a top-level key, or the file alone. */
    public String where(String key) {
        Integer line = lines.get(key);
        return file + (line == null ? "" : " line " + line);
    }
}
