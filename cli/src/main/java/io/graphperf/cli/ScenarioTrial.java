package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Target;
import io.graphperf.core.export.ResultsFolder;
import io.graphperf.core.progress.ProgressListener;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.system.EnvironmentInfo;
import io.graphperf.engines.neo4j.Neo4jTarget;
import io.graphperf.workloads.ExperimentRunner;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/** One run of a scenario experiment (E4 …) into one results folder. */
final class ScenarioTrial {

    private ScenarioTrial() {
    }

    static RunResult run(RunSettings s, Path runDir, ProgressListener progress) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        Target t;
        progress.phase(s.target == null ? "start embedded Neo4j" : "connect to " + s.target);
        String storeId = runDir.getFileName().toString();
        if (s.target == null) {
            t = Neo4jTarget.embedded(s.host(runDir.resolve("engine"), storeId), Home.get());
        } else {
            Neo4jTarget remote = Neo4jTarget.remote(s.target, s.user, s.password, s.database, s.httpUrl, "delete-all".equals(s.reset));
            t = remote;
            try {
                remote.checkResetAllowed();
            } catch (UserError e) {
                remote.close();
                throw e;
            }
        }
        List<ScenarioResult> results;
        List<String> failures;
        Map<String, Object> environment = EnvironmentInfo.collect(Home.get());
        String targetDescription = t.description();
        try (Target target = t) {
            progress.phaseDone(targetDescription);
            environment.putAll(target.environment());
            ExperimentRunner runner = new ExperimentRunner(target, s.transports, s.plan, runDir.resolve(ResultsFolder.HISTOGRAMS), progress);
            // the folder is rewritten after every scenario, marked incomplete until the end, so an
            // interrupted or failed run keeps what it measured
            results = runner.run(s.experiment, s.scenarios, soFar -> ResultsFolder.write(new RunResult(runDir.getFileName().toString(),
                    s.name, startedAt, "(incomplete: " + soFar.size() + " of " + s.scenarios.size() * s.transports.size() + " done)",
                    s.describe(), environment, targetDescription, target.resetMethod(), soFar, List.of(), runner.failures()), runDir));
            failures = runner.failures();
            progress.phase("stop " + (s.target == null ? "embedded Neo4j" : "connection"));
        }
        progress.phaseDone("done");
        if (s.target == null && !s.keepStore) Stores.delete(s.host(runDir.resolve("engine"), storeId));

        RunResult run = new RunResult(runDir.getFileName().toString(), s.name, startedAt, OffsetDateTime.now().toString(),
                s.describe(), environment, targetDescription, t.resetMethod(), results, List.of(), failures);
        ResultsFolder.write(run, runDir);
        return run;
    }
}
