package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.IndexState;
import io.graphperf.core.engine.Engine;
import io.graphperf.studies.imports.ImportTexts;
import io.graphperf.core.measure.PhaseTimer;
import io.graphperf.core.measure.ProgressListener;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * E1's schema phase: constraints and indexes created one at a time, each timed until the database
 * reports it ONLINE, not just until the statement returns (plain indexes return in milliseconds and
 * build in the background: a fair tool waits for them).
 */
public final class SchemaPhase {

    /** One statement and the name of the index it builds (a constraint's backing index has the constraint's name). */
    public record Step(String index, String statement, String label, String property) {
        public static Step uniqueness(String label, String property) {
            String name = "graphperf_" + label.toLowerCase() + "_" + property + "_unique";
            return new Step(name, "CREATE CONSTRAINT `" + name + "` IF NOT EXISTS FOR (n:" + ImportTexts.quote(label) + ") REQUIRE n." + ImportTexts.quote(property)
                    + " IS UNIQUE", label, property);
        }

        public static Step index(String label, String property) {
            String name = "graphperf_" + label.toLowerCase() + "_" + property;
            return new Step(name, "CREATE INDEX `" + name + "` IF NOT EXISTS FOR (n:" + ImportTexts.quote(label) + ") ON (n." + ImportTexts.quote(property) + ")",
                    label, property);
        }
    }

    /**
     * @param statementSeconds until the statement returned
     * @param onlineSeconds    until the index was ONLINE (the figure that counts)
     */
    public record Timing(String index, String statement, double statementSeconds, double onlineSeconds) {
    }

    private static final long POLL_MILLIS = 50;

    private SchemaPhase() {
    }

    public static List<Timing> run(Engine target, List<Step> steps, ProgressListener progress) throws Exception {
        List<Timing> timings = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            progress.phase(String.format("schema %d/%d: %s", i + 1, steps.size(), step.index()));
            long start = PhaseTimer.now();
            target.execute(step.statement());
            long returned = PhaseTimer.now();
            while (true) {
                Optional<IndexState> state = target.indexStates().stream().filter(s -> s.name().equals(step.index())).findFirst();
                if (state.isEmpty()) throw new UserError("index " + step.index() + " not found after: " + step.statement());
                if (state.get().failed()) throw new UserError("index " + step.index() + " FAILED to build: " + step.statement());
                if (state.get().online()) break;
                progress.progress(state.get().populationPercent() / 100, "populating");
                Thread.sleep(POLL_MILLIS);
            }
            long online = PhaseTimer.now();
            Timing t = new Timing(step.index(), step.statement(), (returned - start) / 1e9, (online - start) / 1e9);
            timings.add(t);
            progress.phaseDone(String.format("ONLINE after %.3f s (statement returned after %.3f s)", t.onlineSeconds(), t.statementSeconds()));
        }
        return timings;
    }
}
