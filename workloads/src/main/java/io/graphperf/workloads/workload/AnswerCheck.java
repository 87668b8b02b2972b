package io.graphperf.workloads.workload;

import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TxMode;
import io.graphperf.core.measure.DrawnMix;
import io.graphperf.core.results.Check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Answers checked before speed: each read operation run with the same parameter draws (the check's own phase, the same on every engine)
 * on the reference — the run's first engine over its first transport — and on every other engine and transport; each answer compared
 * with the reference's ({@link Answers}). A difference fails that engine's and transport's cells, naming the operation, the parameters
 * and both answers. Writes are not run here (they would change the data every later answer depends on): their ids are checked after
 * each cell.
 */
final class AnswerCheck {

    /** At most this many differences are listed per operation (the check counts them all). */
    static final int LISTED = 3;

    /** One draw of an operation: its statements' parameters and, per statement, the rows answered (as plain values). */
    record Sample(String operation, int index, List<Map<String, Object>> parameters, List<List<List<Object>>> rows) {
    }

    /** The reference's answers: who gave them, each operation's texts there, and the samples. */
    record Reference(String engine, String transport, Map<String, List<String>> texts, List<Sample> samples) {
    }

    /** The outcome on one engine and transport: the check for the cells, and the differences to report. */
    record Outcome(Check check, List<String> differences) {
        boolean passed() {
            return differences.isEmpty();
        }
    }

    private AnswerCheck() {
    }

    /** The answers of every read operation of {@code m} on {@code e} over {@code transport}, {@code samples} draws each. */
    static List<Sample> take(Engine e, TransportName transport, String who, Workload w, WorkloadMix m, int samples, List<String> errors) throws Exception {
        List<Sample> out = new ArrayList<>();
        if (m.mix() == null || samples == 0) return out;
        Transport t = transport.embedded() ? null : e.transport(transport);
        try (Session s = t == null ? null : t.openSession()) {
            for (DrawnMix.Type type : m.mix().types()) {
                OperationSpec op = w.operations().stream().filter(o -> o.name().equals(type.type())).findFirst().orElseThrow();
                if (op.write()) continue;
                DrawnMix one = new DrawnMix(List.of(type), m.mix().sources(), WorkloadMix.CHECK_PHASE, 1);
                for (int i = 0; i < samples; i++) {
                    Operation o = one.next(0, i);
                    if (o.txMode() == TxMode.UNSENT) break; // its records in order are used up: fewer samples
                    List<Map<String, Object>> params = new ArrayList<>();
                    List<List<List<Object>>> rows = new ArrayList<>();
                    try {
                        for (Statement st : o.statements()) {
                            params.add(new LinkedHashMap<>(st.params()));
                            rows.add(plain(s == null ? e.fetchInProcess(st) : s.fetch(st)));
                        }
                    } catch (Exception ex) {
                        e.checkHealthy();
                        errors.add("operation " + op.name() + " with parameters " + Answers.shown(params.get(params.size() - 1)) + " failed on " + who + " over "
                                + transport + ": " + ex.getMessage());
                        break;
                    }
                    out.add(new Sample(op.name(), i, params, rows));
                }
            }
        } finally {
            if (t != null) t.close();
        }
        return out;
    }

    /** {@code got}'s answers against the reference's; {@code texts} this engine's texts per operation. */
    static Outcome compare(Reference ref, List<Sample> got, Map<String, List<String>> texts, Workload w, double tolerance, String who) {
        Map<String, Sample> byKey = new LinkedHashMap<>();
        for (Sample s : got) byKey.put(s.operation() + "#" + s.index(), s);
        List<String> differences = new ArrayList<>();
        Map<String, Integer> listed = new LinkedHashMap<>();
        long compared = 0, equal = 0;
        for (Sample r : ref.samples()) {
            Sample s = byKey.get(r.operation() + "#" + r.index());
            if (s == null) continue; // not expressible here, or failed (named apart)
            OperationSpec op = w.operations().stream().filter(o -> o.name().equals(r.operation())).findFirst().orElseThrow();
            double tol = op.tolerance() != null ? op.tolerance() : tolerance;
            compared++;
            String diff = null;
            if (r.rows().size() != s.rows().size()) diff = "the reference ran " + r.rows().size() + " statements, this engine " + s.rows().size();
            for (int i = 0; diff == null && i < r.rows().size(); i++) {
                String refText = ref.texts().get(op.name()).get(Math.min(i, ref.texts().get(op.name()).size() - 1));
                String text = texts.get(op.name()).get(Math.min(i, texts.get(op.name()).size() - 1));
                Optional<String> d = Answers.difference(r.rows().get(i), s.rows().get(i), WorkloadMix.ordered(op, refText, text), tol);
                if (d.isPresent()) diff = (r.rows().size() > 1 ? "statement " + (i + 1) + ": " : "") + d.get();
            }
            if (diff == null) {
                equal++;
                continue;
            }
            int n = listed.merge(op.name(), 1, Integer::sum);
            if (n <= LISTED) {
                differences.add("wrong answer: operation " + op.name() + " with parameters " + Answers.shown(s.parameters().size() == 1 ? s.parameters().get(0)
                        : s.parameters()) + ": the reference (" + ref.engine() + " over " + ref.transport() + ") answered " + shown(r.rows())
                        + ", " + who + " answered " + shown(s.rows()) + " — " + diff);
            }
        }
        listed.forEach((op, n) -> {
            if (n > LISTED) differences.add("operation " + op + ": " + (n - LISTED) + " more wrong answers");
        });
        Check c = new Check("answers equal to the reference's (" + ref.engine() + " over " + ref.transport() + ") for the same parameters", compared, equal,
                compared == equal, compared == equal ? null : (compared - equal) + " of " + compared + " answers differ");
        return new Outcome(c, differences);
    }

    /** An answer: one statement's rows, or each statement's. */
    private static String shown(List<List<List<Object>>> rows) {
        return Answers.shown(rows.size() == 1 ? rows.get(0) : rows);
    }

    /** Rows as plain values (numbers, text, booleans, lists, maps; anything else as its text), so they are kept and compared alike. */
    static List<List<Object>> plain(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> r : rows) {
            List<Object> row = new ArrayList<>(r.size());
            for (Object v : r) row.add(plainValue(v));
            out.add(row);
        }
        return out;
    }

    private static Object plainValue(Object v) {
        if (v == null || v instanceof Number || v instanceof String || v instanceof Boolean) return v;
        if (v instanceof List<?> l) return l.stream().map(AnswerCheck::plainValue).toList();
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), plainValue(x)));
            return out;
        }
        return String.valueOf(v);
    }
}
