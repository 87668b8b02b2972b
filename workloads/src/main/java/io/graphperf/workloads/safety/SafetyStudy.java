package io.graphperf.workloads.safety;

import io.graphperf.studies.Expressed;
import io.graphperf.studies.Dialect;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.engine.TxMode;
import io.graphperf.studies.writes.WriteTexts;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Check;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.cells.AccountedCheck;
import io.graphperf.workloads.cells.CellCheck;
import io.graphperf.workloads.cells.CellRunner;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.KeyLookupCheck;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.writes.WriteDialects;
import io.graphperf.workloads.writes.WriteScenarios;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One engine's safety study (docs/safety.md), phase by phase on one store: transactions of each size written by concurrent clients,
 * every acknowledged id checked by scan and by key while open and again after a clean close and reopen; a shared counter incremented
 * by every client at once, checked for lost updates; and rounds of writes during which the engine's processes are killed with
 * {@code kill -9}, checked after a restart. A phase in which the engine dies uninvited is a crash, counted, and the engine started
 * again for the next phase.
 */
final class SafetyStudy {

    static final String STORE = "safety";
    /** The engine environment's entry saying what an acknowledged commit survives, where the engine reports one. */
    static final String DURABILITY = "durability";
    static final String OPEN = "open", REOPENED = "after close and reopen", RESTARTED = "after kill -9 and restart";
    /** The transaction size of the kill rounds' writes. */
    static final int KILL_TX = 10;

    private final RunContext ctx;
    private final SafetyOptions o;
    private final SplittableRandom random;
    final List<Cell> cells = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    private final List<SafetyData.Line> lines = new ArrayList<>();
    private final List<String> crashes = new ArrayList<>();
    private Engine engine;
    private String currentPhase = "";
    String description = "", reset = "";
    final Map<String, Object> environment = new LinkedHashMap<>();

    SafetyStudy(RunContext ctx, SafetyOptions o) {
        this.ctx = ctx;
        this.o = o;
        this.random = new SplittableRandom(ctx.seed() * 1_000_003L + ctx.trial()); // java.util.Random's first draws of near seeds are alike
    }

    @FunctionalInterface
    private interface Phase {
        void run(String name) throws Exception;
    }

    SafetyData run() throws Exception {
        ctx.progress().phase("start the engine");
        engine = start();
        ctx.progress().phaseDone(description);
        try {
            for (int size : o.txSizes()) phase("transactions of " + size, name -> transactions(name, size));
            phase("shared counter", this::counter);
            for (int k = 1; k <= o.kills(); k++) phase("kill -9 round " + k, this::killRound);
        } catch (StoreLost lost) {
            // said by its failed check; nothing after it can be asked of this engine
        } finally {
            closeQuietly(engine);
            ctx.engines().deleteStore(STORE);
        }
        return new SafetyData(description, lines, crashes, environment.get(DURABILITY) instanceof String s ? s : null);
    }

    /** Starts the engine on the study's store (the first time, or again within a phase: then its progress is the phase's). */
    private Engine start() throws Exception {
        Engine e = ctx.engines().start(STORE);
        description = e.description();
        reset = e.resetMethod();
        if (environment.isEmpty()) environment.putAll(e.environment());
        return e;
    }

    /** Runs a phase; when the engine died in it uninvited, counts a crash and starts the engine again for the next. */
    private void phase(String name, Phase body) throws Exception {
        ctx.progress().phase(name);
        currentPhase = name;
        int before = lines.size(), crashed = crashes.size();
        try {
            body.run(name);
        } catch (StoreLost e) {
            ctx.progress().phaseDone("the store could not be opened again: the study of this engine ends here");
            throw e;
        } catch (Exception e) {
            if (alive()) throw e;
            crashes.add(name + ": " + e.getMessage());
            failures.add(description + " died during phase '" + name + "': " + e.getMessage());
            closeQuietly(engine);
            restart("after the crash");
        }
        List<SafetyData.Line> mine = lines.subList(before, lines.size());
        long failed = mine.stream().filter(l -> !l.passed()).count();
        ctx.progress().phaseDone((crashes.size() > crashed ? "the engine CRASHED; " : "")
                + (failed == 0 ? mine.size() + " checks held" : failed + " of " + mine.size() + " checks FAILED"));
    }

    private boolean alive() {
        if (engine == null) return false;
        try {
            engine.checkHealthy();
            return true;
        } catch (RuntimeException dead) {
            return false;
        }
    }

    private void transactions(String phase, int size) throws Exception {
        Optional<Scenario> expressible = written(WriteScenarios.unwind(size), phase);
        if (expressible.isEmpty()) return;
        Scenario s = expressible.get();
        Cell c = measure(s);
        record(phase, OPEN, s.checks(), c.checks());
        reopen();
        recheck(phase, REOPENED, s.checks(), c.measurement().accounting());
    }

    private void counter(String phase) throws Exception {
        Dialect d = Dialect.all().get(engine.dialect());
        WriteTexts.Counter t = d == null ? WriteTexts.Counter.CYPHER : d.writes().map(WriteTexts::counter).orElse(WriteTexts.Counter.CYPHER);
        Scenario s = new Scenario("shared-counter", o.clients() + " clients incrementing one record's hits at once, a transaction each",
                t.increment(), t.setup(), new IdWrites("shared-counter", t.increment(), IdWrites.Shape.CONSTANT, 1, TxMode.EXPLICIT, 1),
                List.of(new CounterCheck(t.value())), null, "increments");
        Cell c = measure(s);
        record(phase, OPEN, s.checks(), c.checks());
        reopen();
        recheck(phase, REOPENED, s.checks(), c.measurement().accounting());
    }

    private void killRound(String phase) throws Exception {
        Optional<Scenario> expressible = written(WriteScenarios.unwind(KILL_TX), phase);
        if (expressible.isEmpty()) return;
        Scenario s = expressible.get();
        engine.reset();
        for (String st : s.setup()) engine.execute(st);
        engine.awaitIndexesOnline();
        // a moment between a fifth and four fifths of the round, drawn from the run's seed
        Duration at = Duration.ofMillis((long) (o.duration().toMillis() * (0.2 + 0.6 * random.nextDouble())));
        KillRound.Outcome k = KillRound.run(engine, (IdWrites) s.operations(), o.clients(), o.duration(), at);
        closeQuietly(engine);
        long t0 = System.nanoTime();
        restart(RESTARTED);
        double restart = (System.nanoTime() - t0) / 1e9;
        recheck(phase, RESTARTED, s.checks(), k.acknowledged());
        long acknowledged = k.acknowledged().acknowledged();
        // a kill before anything was acknowledged puts nothing at risk: the round could not have shown a loss, and says so
        boolean atRisk = k.acknowledgedBeforeKill() > 0;
        lines.add(new SafetyData.Line(phase, RESTARTED, "kill -9", acknowledged, acknowledged, 0, atRisk,
                String.format(Locale.ROOT, "processes %s killed %.1f s into %.0f s of writing (%d operations acknowledged by then%s); restarted"
                        + " in %.1f s; the clients' first error: %s", k.killed(), k.killedAfter().toMillis() / 1000.0, o.duration().toMillis() / 1000.0,
                        k.acknowledgedBeforeKill(), atRisk ? "" : ": none within " + KillRound.FIRST_ACK_WAIT.toMinutes()
                                + " min of the moment drawn, so the round could not show a loss", restart, k.firstError())));
    }

    /** E4's scenario {@code study} in the engine's dialect, checked by key as well; empty (and a line saying why) when it cannot be written. */
    private Optional<Scenario> written(Scenario study, String phase) {
        Expressed<Scenario> w = WriteDialects.ALL.in(study, engine.dialect());
        if (w.whyNot().isPresent()) {
            lines.add(new SafetyData.Line(phase, "", "not expressible", 0, 0, 0, true, w.whyNot().get()));
            return Optional.empty();
        }
        Scenario s = w.form().orElseThrow();
        List<CellCheck> checks = new ArrayList<>(s.checks());
        if (s.operations() instanceof IdWrites ids) checks.add(KeyLookupCheck.users(ids.perOperation(), engine.dialect()));
        return Optional.of(s.written(s.query(), s.setup(), s.operations(), checks));
    }

    private Cell measure(Scenario s) throws Exception {
        TransportName transport = engine.transports().contains(TransportName.BOLT) ? TransportName.BOLT : TransportName.EMBEDDED;
        Cell c = new CellRunner(engine, ctx, SafetyExperiment.NAME, failures).measure(s, transport,
                transport.embedded() ? null : engine.transport(transport), o.plan());
        cells.add(c);
        return c;
    }

    /** The engine's store could not be opened again: what it wrote is out of reach, and the study of this engine ends there. */
    static final class StoreLost extends Exception {
        StoreLost(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Closes the engine and opens its store again; a store that will not open is a failed check (and ends the study of this engine). */
    private void reopen() throws Exception {
        closeQuietly(engine);
        restart(REOPENED);
    }

    /** Starts the engine on the store again; when it does not start, the check "opened again" fails and {@link StoreLost} is thrown. */
    private void restart(String when) throws Exception {
        try {
            engine = start();
        } catch (Exception e) {
            engine = null;
            String phase = currentPhase;
            lines.add(new SafetyData.Line(phase, when, "opened again", 1, 0, 0, false, "the engine did not start on its store: " + e.getMessage()));
            failures.add(description + ", " + phase + ": the engine did not start on its store again: " + e.getMessage());
            throw new StoreLost(e.getMessage(), e);
        }
    }

    private void record(String phase, String when, List<CellCheck> asked, List<Check> answered) {
        for (int i = 0; i < answered.size(); i++) lines.add(line(phase, when, asked.get(i), answered.get(i)));
    }

    private void recheck(String phase, String when, List<CellCheck> asked, Accounting acknowledged) throws Exception {
        for (CellCheck c : asked) {
            if (!(c instanceof AccountedCheck a)) continue;
            Check answer;
            try {
                answer = a.check(engine, acknowledged);
            } catch (Exception e) {
                if (!alive()) throw e;
                answer = new Check(c.describe(), 0, 0, false, "not checked: the engine could not answer the check's query: " + e.getMessage());
            }
            SafetyData.Line l = line(phase, when, c, answer);
            lines.add(l);
            if (!l.passed()) failures.add(description + ", " + phase + ", " + when + ": " + answer.what() + " — found " + answer.actual()
                    + ", expected " + answer.expected() + (answer.detail() == null ? "" : " (" + answer.detail() + ")"));
        }
    }

    private static SafetyData.Line line(String phase, String when, CellCheck asked, Check c) {
        String how = asked instanceof IdCheck ? "by scan" : asked instanceof KeyLookupCheck ? "by key" : asked instanceof CounterCheck ? "counter" : c.what();
        return new SafetyData.Line(phase, when, how, c.expected(), c.actual(), c.passed() ? 0 : Math.max(0, c.expected() - c.actual()), c.passed(), c.detail());
    }

    private static void closeQuietly(Engine e) {
        if (e == null) return;
        try {
            e.close();
        } catch (RuntimeException ignored) {
            // a killed engine's client may fail to close: the process is gone either way
        }
    }
}
