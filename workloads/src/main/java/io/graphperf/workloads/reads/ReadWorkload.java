package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.measure.OperationMix;
import io.graphperf.core.measure.ProgressListener;
import io.graphperf.core.results.Check;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * E2's workload on a generated social dataset: the 19 queries as an operation mix (Cypher or stored procedures),
 * and their result checks against answers computed in Java from the dataset's files.
 */
public final class ReadWorkload {

    public static final String CYPHER = "cypher", PROCEDURE = "procedure";

    private final SocialOracle oracle;
    private final ReadParameterSets params;

    public ReadWorkload(Path datasetDir) {
        this.oracle = new SocialOracle(datasetDir);
        this.params = new ReadParameterSets(datasetDir);
    }

    /** The constraints the queries need (created before checks and measurements). */
    public static List<String> constraints() {
        return SocialQueries.CONSTRAINTS;
    }

    /** People in the dataset, as the files say. */
    public long people() {
        return oracle.people();
    }

    /** The queries mixed by the study's repeat counts, every parameter set of each, in Neo4j's Cypher. */
    public OperationMix mix(List<SocialQuery> queries, String form) {
        return mix(queries, form, DialectName.NEO4J);
    }

    /** The queries mixed by the study's repeat counts, every parameter set of each, in the engine's dialect (those it can express). */
    public OperationMix mix(List<SocialQuery> queries, String form, DialectName dialect) {
        return mix(params, queries, form, dialect);
    }

    /**
     * The same mix for a load agent, which has the dataset's parameter file only (read-parameters.json in {@code parameterDir}, shared by
     * its coordinator): operation {@code seq} of client {@code c} is then the one the coordinator's own mix would send.
     */
    public static OperationMix agentMix(Path parameterDir, List<String> queryIds, String form, DialectName dialect) {
        List<SocialQuery> queries = new ArrayList<>();
        for (String id : queryIds) {
            queries.add(SocialQuery.byId(id)
                    .orElseThrow(() -> new UserError("the coordinator asked for query " + id + ", which this agent's graphperf does not know: run the same"
                            + " graphperf version everywhere")));
        }
        return mix(new ReadParameterSets(parameterDir), queries, form, dialect);
    }

    private static OperationMix mix(ReadParameterSets params, List<SocialQuery> queries, String form, DialectName dialect) {
        List<OperationMix.Type> types = new ArrayList<>();
        for (SocialQuery q : queries) {
            if (SocialDialects.text(q, dialect).whyNot().isPresent()) continue;
            List<Map<String, Object>> ps = new ArrayList<>();
            for (int i = 0; i < params.size(q.params()); i++) ps.add(PROCEDURE.equals(form) ? params.get(q.params(), i) : SocialDialects.parameters(dialect, params.get(q.params(), i)));
            types.add(new OperationMix.Type(q.id(), text(q, form, dialect), PROCEDURE.equals(form) ? q.procedure() : null, ps, q.repeat(), 1));
        }
        return new OperationMix(types);
    }

    /**
     * Runs each query with {@code samples} parameter sets over every transport and form and compares its rows with
     * the oracle's; returns a check per query, transport and form ({@link #key}), and adds wrong results to failures. Each query
     * runs in the engine's dialect; one the dialect cannot express is left out here and shown by the study as such.
     */
    public Map<String, Check> check(Engine e, List<TransportName> transports, List<String> forms, List<SocialQuery> queries, int samples,
                                    ProgressListener progress, List<String> failures) throws Exception {
        Map<String, Check> checks = new LinkedHashMap<>();
        for (TransportName transport : transports) {
            for (String form : forms) {
                progress.phase("result checks: " + ReadStudy.label(transport, form));
                Transport t = transport.embedded() ? null : e.transport(transport);
                int wrong = 0;
                try (Session s = t == null ? null : t.openSession()) {
                    int done = 0;
                    for (SocialQuery q : queries) {
                        if (SocialDialects.text(q, e.dialect()).whyNot().isPresent()) continue;
                        int passed = 0, n = Math.min(samples, params.size(q.params()));
                        for (int i = 0; i < n; i++) {
                            Map<String, Object> p = params.get(q.params(), i);
                            Statement st = statement(q, form, e.dialect(), p);
                            List<List<Object>> actual;
                            try {
                                actual = ResultRows.normalize(s == null ? e.fetchInProcess(st) : s.fetch(st));
                            } catch (Exception ex) {
                                throw new UserError(q.id() + " (" + q.title() + ") failed on " + name(e) + " over " + ReadStudy.label(transport, form)
                                        + " with parameters " + p + ": " + ex.getMessage(), ex);
                            }
                            List<List<Object>> expected = oracle.answer(q, p);
                            if (Objects.equals(expected, actual)) {
                                passed++;
                            } else {
                                wrong++;
                                if (failures.size() < 20) {
                                    failures.add(String.format("wrong result: %s (%s) on %s over %s with %s: expected %s, got %s", q.id(), q.title(),
                                            name(e), ReadStudy.label(transport, form), p, abbreviate(expected), abbreviate(actual)));
                                }
                            }
                        }
                        checks.put(key(q.id(), transport, form), Check.equal("results equal to answers computed from the files (" + n + " parameter sets)", n, passed));
                        progress.progress(++done / (double) queries.size(), q.id());
                    }
                } finally {
                    if (t != null) t.close();
                }
                progress.phaseDone(wrong == 0 ? "all results match the files" : wrong + " wrong results");
            }
        }
        return checks;
    }

    public static String key(String query, TransportName transport, String form) {
        return query + "|" + transport.id() + "|" + form;
    }

    static Statement statement(SocialQuery q, String form, DialectName dialect, Map<String, Object> p) {
        return new Statement(text(q, form, dialect), PROCEDURE.equals(form) ? p : SocialDialects.parameters(dialect, p), PROCEDURE.equals(form) ? q.procedure() : null);
    }

    /** The text a query runs as: its procedure call, or its text in the dialect (which can express it). */
    static String text(SocialQuery q, String form, DialectName dialect) {
        return PROCEDURE.equals(form) ? q.procedureCall() : SocialDialects.text(q, dialect).form()
                .orElseThrow(() -> new IllegalStateException(q.id() + " is not expressible in " + dialect));
    }

    private static String abbreviate(Object rows) {
        String s = String.valueOf(rows);
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    /** The engine's name in messages (LadybugDB speaks Kuzu's dialect but is named as itself), else its dialect's. */
    private static String name(Engine e) {
        return String.valueOf(e.environment().getOrDefault("engine", e.dialect().id()));
    }
}
