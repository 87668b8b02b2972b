package io.graphperf.workloads.workload;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.DrawnMix;
import io.graphperf.core.measure.ParameterSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A workload's operations in one engine's dialect as a {@link DrawnMix}: each operation's statements (one: auto-commit, as E2's queries;
 * several: one transaction), each statement given the parameters its text names, each operation drawing once from every source that
 * gives one of them. An operation the dialect cannot express is left out and named.
 *
 * @param notExpressible operation → why it is not in this dialect's mix
 */
record WorkloadMix(DrawnMix mix, Map<String, String> notExpressible, Map<String, List<String>> texts) {

    /** The phase of the answer checks' draws: the same on every engine, no cell's or warm-up round's. */
    static final int CHECK_PHASE = (int) ParameterSource.Unique.PHASES - 1;

    static WorkloadMix of(Workload w, List<ParameterSource> sources, DialectName dialect) {
        List<DrawnMix.Type> types = new ArrayList<>();
        Map<String, String> not = new LinkedHashMap<>();
        Map<String, List<String>> texts = new LinkedHashMap<>();
        for (OperationSpec op : w.operations()) {
            Optional<String> why = op.texts().whyNot(dialect);
            if (why.isPresent()) {
                not.put(op.name(), why.get());
                continue;
            }
            types.add(type(w, op, dialect));
            texts.put(op.name(), op.texts().in(dialect));
        }
        if (types.isEmpty()) return new WorkloadMix(null, not, texts);
        return new WorkloadMix(new DrawnMix(types, sources, 0, 1), not, texts);
    }

    private static DrawnMix.Type type(Workload w, OperationSpec op, DialectName dialect) {
        List<String> statements = op.texts().in(dialect);
        boolean call = op.procedure() != null && statements.equals(op.texts().cypher());
        List<DrawnMix.Template> templates = new ArrayList<>();
        Set<String> sources = new LinkedHashSet<>();
        for (String text : statements) {
            List<String> params = QueryText.parameters(text, QueryText.sql(dialect, text));
            templates.add(new DrawnMix.Template(text, call ? op.procedure() : null, params));
            for (String p : params) sources.add(w.sourcesOf(op, p).get(0).name());
        }
        return new DrawnMix.Type(op.name(), templates, statements.size() == 1 ? TxMode.AUTOCOMMIT : TxMode.EXPLICIT, op.weight(), op.entities(),
                List.copyOf(sources));
    }

    /** The mix's form, as E2 names its cells': cypher, procedure, or mixed. */
    static String form(Workload w) {
        long procedures = w.operations().stream().filter(o -> o.procedure() != null).count();
        return procedures == 0 ? "cypher" : procedures == w.operations().size() ? "procedure" : "mixed";
    }

    /** Whether operation {@code op}'s rows compare in order on this engine: as the file says, else when both texts order them. */
    static boolean ordered(OperationSpec op, String reference, String text) {
        return op.ordered() != null ? op.ordered() : QueryText.ordered(reference) && QueryText.ordered(text);
    }
}
