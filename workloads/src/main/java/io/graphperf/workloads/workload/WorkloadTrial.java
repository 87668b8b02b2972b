package io.graphperf.workloads.workload;

import com.fasterxml.jackson.core.type.TypeReference;
import io.graphperf.core.engine.DialectName;
import io.graphperf.core.BadInput;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.measure.ParameterSource;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.agents.Coordinator;
import io.graphperf.workloads.imports.ImportDataset;
import io.graphperf.workloads.imports.ImportDatasets;
import io.graphperf.workloads.imports.ImportDialect;
import io.graphperf.workloads.imports.SchemaPhase;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One trial of a workload on one engine: its data loaded (the engine's own loader, or over Bolt into a user's server), its texts
 * compiled, its parameter queries sampled (by the reference, the others take the same rows), its answers checked against the
 * reference's, then — on an engine warmed until its JIT compilers are quiet — a cell per transport and load, each warmed until
 * steady, measured, and its declared writes checked id by id.
 */
final class WorkloadTrial {

    static final String STORE = "workload";

    private final RunContext ctx;
    private final WorkloadOptions o;
    private final Workload w;
    private final Coordinator agents;
    private final ReferenceFiles reference;
    final List<Cell> cells = new ArrayList<>();
    final List<String> failures = new ArrayList<>(), warnings = new ArrayList<>();
    final Map<String, Object> environment = new LinkedHashMap<>(), config = new LinkedHashMap<>();
    private final Map<String, Check> answers = new LinkedHashMap<>();
    private final List<String> differences = new ArrayList<>();
    private final Map<String, Integer> sampled = new LinkedHashMap<>();
    private String description = "", loaded = "", serverWarmup = "none";
    private DialectName dialect = DialectName.NEO4J;
    private WorkloadMix mix;
    private Double scale;

    WorkloadTrial(RunContext ctx, WorkloadOptions o, Coordinator agents) {
        this.ctx = ctx;
        this.o = o;
        this.w = o.workload();
        this.agents = agents;
        this.reference = new ReferenceFiles(ctx.runDir());
    }

    TrialResult run() throws Exception {
        ImportDataset ds = dataset();
        scale = o.data().scaleOrNull();
        BulkImport store = null;
        Engine e = null;
        try {
            if (ctx.engines().embedded() && ds != null) {
                store = ctx.engines().bulkImport(STORE, Map.of("max-off-heap", "2G"));
                ctx.progress().phase("load " + o.data().describe() + " with the engine's own loader");
                BulkImport.Outcome out = store.importFiles(ds.importArguments(0), ctx.progress());
                loaded = String.format("%,d nodes, %,d relationships by the engine's own loader", out.nodes(), out.relationships());
                ctx.progress().phaseDone(loaded);
            }
            e = start(store);
            compile(e);
            load(e, ds);
            measure(e);
            if (ctx.reference() && !reference.has(ANSWERS)) reference.failed("its trial ended without answers: " + String.join("; ", failures));
        } catch (Exception ex) {
            if (ctx.reference() && !reference.has(ANSWERS)) reference.failed(ex.getMessage());
            throw ex;
        } finally {
            if (e != null) e.close();
            if (store != null) store.deleteStore();
            else if (ctx.engines().embedded()) ctx.engines().deleteStore(STORE);
        }
        WorkloadData data = new WorkloadData(w.name() + " (" + w.file() + ")", o.data().describe() + (loaded.isEmpty() ? "" : ": " + loaded), description,
                mix == null ? "" : dialect.id(), mix == null ? Map.of() : mix.texts(), mix == null ? Map.of() : mix.notExpressible(), answers, differences,
                ctx.reference() && ctx.repeat() == 1, sampled, serverWarmup);
        // the data is never reset between a workload's cells (a writing workload's cells see the writes before them)
        return new TrialResult(cells, description, "", environment, config, data, warnings, failures);
    }

    /** The engine in messages: its name as the run gives it (neo4j:2026, …), else its own short description. */
    private String who() {
        if (!Cell.BASELINE.equals(ctx.variant())) return ctx.variant();
        int paren = description.indexOf(" (");
        return paren > 0 ? description.substring(0, paren) : description;
    }

    /** The dataset's files: generated (cached between runs) or the user's folder; null without. */
    private ImportDataset dataset() throws Exception {
        WorkloadOptions.Data d = o.data();
        if (d.generated() != null) {
            Path cache = d.cache() != null ? d.cache() : ctx.datasetCache();
            return ImportDatasets.generated(d.generated(), d.scale(), d.seed(), 0, Runtime.getRuntime().availableProcessors(), cache, List.of(), ctx.progress());
        }
        return d.folder() == null ? null : ImportDatasets.integerKeys(d.folder());
    }

    private Engine start(BulkImport store) throws Exception {
        ctx.progress().phase(!ctx.engines().embedded() ? "connect to your server" : store != null ? "start the engine on the loaded store" : "start the engine");
        // a user's server: connected as it is, unless the workload writes (then it is emptied and loaded each trial: --reset delete-all)
        Engine e = store != null ? store.start() : ctx.engines().embedded() || w.writes() ? ctx.engines().start(STORE) : ctx.engines().connect();
        description = e.description();
        dialect = e.dialect();
        environment.putAll(e.environment());
        ctx.progress().phaseDone(description);
        return e;
    }

    // ---- before anything is loaded into a user's server: every text compiles -----------------------------

    /**
     * Each operation's and parameter query's text planned by the engine (EXPLAIN), where it speaks Neo4j's Cypher: a text that does not
     * compile is bad input, named with its file and line, before anything is loaded into a user's server or measured.
     */
    private void compile(Engine e) {
        if (!DialectName.NEO4J.equals(e.dialect())) return;
        ctx.progress().phase("compile every text (EXPLAIN)");
        int n = 0;
        for (OperationSpec op : w.operations()) {
            for (String text : op.texts().in(DialectName.NEO4J)) {
                explain(e, text, "operation '" + op.name() + "' (" + w.file() + " line " + op.line() + ")");
                n++;
            }
        }
        for (SourceSpec.Query q : w.querySources()) {
            for (String text : q.texts().in(DialectName.NEO4J)) {
                explain(e, text, "parameter query " + q.name() + " (" + w.file() + " line " + q.line() + ")");
                n++;
            }
        }
        ctx.progress().phaseDone(n + " texts compile");
    }

    private static void explain(Engine e, String text, String what) {
        Map<String, Object> nulls = new LinkedHashMap<>();
        for (String p : QueryText.parameters(text, false)) nulls.put(p, null);
        try {
            e.execute("EXPLAIN " + text, nulls);
        } catch (Exception ex) {
            e.checkHealthy();
            throw new BadInput(what + " does not compile on " + e.description() + ": " + ex.getMessage(), ex);
        }
    }

    // ---- the data -------------------------------------------------------------------------------------

    /** A user's server loaded over Bolt, setup scripts run, the keys' indexes and the workload's schema made. */
    private void load(Engine e, ImportDataset ds) throws Exception {
        boolean loadedNow = ds != null && ctx.engines().embedded();
        if (!ctx.engines().embedded()) {
            if (ds != null) {
                if (w.writes() && e.queryLong("MATCH (n) RETURN count(n)") > 0) { // a workload that writes starts each trial from the files
                    ctx.progress().phase("empty your database (--reset delete-all): the workload writes, so each trial starts from the files");
                    e.reset();
                    ctx.progress().phaseDone(e.resetMethod());
                }
                BoltLoad.Outcome out = new BoltLoad(e, ImportFiles.of(ds.importArguments(0), "graphperf's Bolt loader"), o.loadThreads(), o.loadBatch(),
                        o.resetAllowed(), ctx.progress()).load();
                loaded = out.describe();
                loadedNow = !out.alreadyLoaded();
            } else if (!o.data().setup().isEmpty() && e.queryLong("MATCH (n) RETURN count(n)") > 0) {
                if (!o.resetAllowed()) {
                    throw new BadInput("your database holds data, and a setup script runs on an empty one: give --reset delete-all to empty"
                            + " it first, on a database you can lose");
                }
                ctx.progress().phase("empty your database (--reset delete-all) for the setup script");
                e.reset();
                ctx.progress().phaseDone(e.resetMethod());
            }
        }
        if (loadedNow && ctx.engines().embedded()) keys(e, ds);
        if (ds == null || loadedNow) setup(e);
        List<String> schema = w.schema().in(e.dialect());
        if (!schema.isEmpty()) {
            ctx.progress().phase("the workload's schema (" + schema.size() + " statements)");
            for (String s : schema) e.execute(s);
            e.awaitIndexesOnline();
            ctx.progress().phaseDone("online");
        }
    }

    /** After the engine's own loader: each label's key under a unique index, as the Bolt loader makes them, in the engine's dialect. */
    private void keys(Engine e, ImportDataset ds) throws Exception {
        List<SchemaPhase.Step> steps;
        try {
            steps = ImportDialect.of(e.dialect()).schema(ds);
        } catch (IllegalArgumentException noImportTexts) {
            return; // a dialect without E1's statements: its loader's own keys
        }
        if (steps.isEmpty()) return;
        ctx.progress().phase("unique indexes on the keys (" + steps.size() + ")");
        for (SchemaPhase.Step s : steps) e.execute(s.statement());
        e.awaitIndexesOnline();
        ctx.progress().phaseDone("online");
    }

    /** The setup script of the engine's dialect (else the Cypher one): its statements in order. */
    private void setup(Engine e) throws Exception {
        Path script = o.data().setup().getOrDefault(e.dialect().id(), o.data().setup().get(Texts.CYPHER));
        if (script == null) return;
        List<String> statements = SetupScript.statements(Files.readString(script));
        ctx.progress().phase("setup " + script.getFileName() + ": " + statements.size() + " statements");
        for (int i = 0; i < statements.size(); i++) {
            try {
                e.execute(statements.get(i));
            } catch (Exception ex) {
                e.checkHealthy();
                throw new BadInput("setup script " + script + ", statement " + (i + 1) + " (" + Answers.shown(statements.get(i)) + ") failed on "
                        + e.description() + ": " + ex.getMessage(), ex);
            }
            ctx.progress().progress((i + 1) / (double) statements.size(), "statement " + (i + 1));
        }
        e.awaitIndexesOnline();
        ctx.progress().phaseDone("done");
    }

    // ---- answers, then speed --------------------------------------------------------------------------

    static final String ANSWERS = "answers.json";

    private void measure(Engine e) throws Exception {
        mix = WorkloadMix.of(w, sources(e), e.dialect());
        if (!mix.notExpressible().isEmpty()) {
            warnings.add("not expressible in " + e.dialect() + "'s dialect, so not measured on " + description + ": " + String.join("; ",
                    mix.notExpressible().entrySet().stream().map(x -> x.getKey() + " (" + x.getValue() + ")").toList()));
        }
        if (mix.mix() == null) {
            failures.add("no operation of the workload is expressible in " + e.dialect() + "'s dialect");
            return;
        }
        List<TransportName> passed = checkAnswers(e);
        if (passed.isEmpty()) return; // a wrong answer makes every timing of that transport meaningless
        WorkloadCells c = new WorkloadCells(ctx, o, w, mix, e, agents, cells, failures, warnings, config, scale);
        serverWarmup = c.warm(passed);
        c.measure(passed);
    }

    /** Every source resolved: the CSV files' records, the distributions, and the rows each parameter query sampled (the reference's). */
    private List<ParameterSource> sources(Engine e) throws Exception {
        List<ParameterSource> out = new ArrayList<>();
        for (SourceSpec s : w.sources()) {
            if (s instanceof SourceSpec.Csv c) out.add(c.records());
            else if (s instanceof SourceSpec.Drawn d) out.add(d.source());
            else out.add(sampled(e, (SourceSpec.Query) s));
        }
        return out;
    }

    private ParameterSource.Records sampled(Engine e, SourceSpec.Query q) throws Exception {
        String file = "parameters-" + q.name() + ".json";
        List<List<Object>> rows;
        if (!reference.has(file) && ctx.reference()) {
            ctx.progress().phase("sample parameter " + q.name() + " from the data");
            rows = sample(e, q);
            reference.write(file, rows);
            ctx.progress().phaseDone(rows.size() + " rows");
        } else {
            rows = reference.read(file, new TypeReference<List<List<Object>>>() {
            }, ctx.paired());
        }
        sampled.put(q.name(), rows.size());
        return q.with(rows, "sampled by a query at setup");
    }

    /** The query's rows on the reference, in a canonical order; spread evenly over them when there are more than its limit. */
    private List<List<Object>> sample(Engine e, SourceSpec.Query q) throws Exception {
        List<String> text = q.texts().in(e.dialect());
        if (text.isEmpty()) throw new BadInput("parameter query " + q.name() + " (" + w.file() + " line " + q.line() + ") has no text for " + e.dialect());
        List<List<Object>> rows = new ArrayList<>(AnswerCheck.plain(fetch(e, new Statement(text.get(0), Map.of()))));
        if (rows.isEmpty()) throw new BadInput("parameter query " + q.name() + " (" + w.file() + " line " + q.line() + ") found no rows on " + description);
        if (rows.get(0).size() != q.columns().size()) {
            throw new BadInput("parameter query " + q.name() + " (" + w.file() + " line " + q.line() + ") returns " + rows.get(0).size() + " columns; it gives "
                    + q.columns().size() + " parameter(s) (" + String.join(", ", q.columns()) + "): name one per column with columns:");
        }
        rows.sort(Comparator.comparing(String::valueOf));
        if (rows.size() <= q.limit()) return rows;
        List<List<Object>> spread = new ArrayList<>();
        for (int i = 0; i < q.limit(); i++) spread.add(rows.get((int) ((long) i * rows.size() / q.limit())));
        return spread;
    }

    /** One statement's rows over the trial's first transport (inside the engine for embedded). */
    private List<List<Object>> fetch(Engine e, Statement st) throws Exception {
        TransportName t = o.transports().get(0);
        if (t.embedded()) return e.fetchInProcess(st);
        try (Transport tr = e.transport(t); var s = tr.openSession()) {
            return s.fetch(st);
        }
    }

    /**
     * The answer checks over every transport; returns the transports whose answers are the reference's (their cells are measured).
     * The reference's first transport gives the reference answers, unless an earlier trial of it did.
     */
    private List<TransportName> checkAnswers(Engine e) throws Exception {
        List<TransportName> passed = new ArrayList<>();
        AnswerCheck.Reference ref = null;
        for (TransportName t : o.transports()) {
            ctx.progress().phase("answers: " + o.checkSamples() + " draws of each read operation over " + t);
            List<String> errors = new ArrayList<>();
            List<AnswerCheck.Sample> got = AnswerCheck.take(e, t, who(), w, mix, o.checkSamples(), errors);
            if (ref == null && !reference.has(ANSWERS) && ctx.reference()) {
                ref = new AnswerCheck.Reference(who(), t.id(), mix.texts(), got);
                if (errors.isEmpty()) reference.write(ANSWERS, ref);
            } else if (ref == null) {
                ref = reference.read(ANSWERS, new TypeReference<AnswerCheck.Reference>() {
                }, ctx.paired());
            }
            AnswerCheck.Outcome out = AnswerCheck.compare(ref, got, mix.texts(), w, o.tolerance(), who() + " over " + t);
            answers.put(t.id(), out.check());
            differences.addAll(out.differences());
            failures.addAll(errors);
            failures.addAll(out.differences());
            if (ctx.reference() && ref.transport().equals(t.id()) && !errors.isEmpty()) reference.failed(errors.get(0));
            if (errors.isEmpty() && out.passed()) passed.add(t);
            ctx.progress().phaseDone(errors.isEmpty() && out.passed() ? out.check().actual() + " answers equal to the reference's"
                    : (errors.size() + out.differences().size()) + " wrong or failed: its cells are not measured");
        }
        return passed;
    }
}
