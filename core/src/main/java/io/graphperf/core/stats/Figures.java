package io.graphperf.core.stats;

import io.graphperf.core.results.Figure;
import io.graphperf.core.results.ImportPhase;
import io.graphperf.core.results.ImportStudyResult;
import io.graphperf.core.results.ProbeResult;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.results.ScenarioResult;
import io.graphperf.core.results.SchemaStep;
import io.graphperf.core.results.WarmupResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every comparable figure of a run, named the same way in every run, so repeated runs of two
 * variants line up figure by figure. The one place that decides what a run's figures are.
 */
public final class Figures {

    private Figures() {
    }

    public static List<Figure> of(RunResult run) {
        List<Figure> f = new ArrayList<>();
        for (ScenarioResult s : run.scenarios()) {
            String p = s.scenario() + " / " + s.transport() + " · ";
            f.add(new Figure(p + "ops/s", "ops/s", true, s.measurement().opsPerSecond()));
            f.add(new Figure(p + "entities/s", "entities/s", true, s.measurement().entitiesPerSecond()));
            f.add(new Figure(p + "p50", "ms", false, s.measurement().latency().p50Ms()));
            f.add(new Figure(p + "p99", "ms", false, s.measurement().latency().p99Ms()));
        }
        if (run.imports() != null) for (ImportStudyResult i : run.imports()) imports(i, f);
        return f;
    }

    private static void imports(ImportStudyResult i, List<Figure> f) {
        String p = i.label() + " · ";
        ImportPhase im = i.importPhase();
        f.add(new Figure(p + "import · time", "s", false, im.seconds()));
        f.add(new Figure(p + "import · importer's own total", "s", false, im.importerSeconds()));
        for (Map.Entry<String, Double> st : im.stages().entrySet()) f.add(new Figure(p + "import · " + st.getKey(), "s", false, st.getValue()));
        f.add(new Figure(p + "import · rows/s", "rows/s", true, im.rowsPerSecond()));
        f.add(new Figure(p + "import · nodes/s", "nodes/s", true, im.nodesPerSecond()));
        f.add(new Figure(p + "import · relationships/s", "rels/s", true, im.relationshipsPerSecond()));
        f.add(new Figure(p + "import · properties/s", "props/s", true, im.propertiesPerSecond()));
        f.add(new Figure(p + "import · input MB/s", "MB/s", true, im.inputMegabytesPerSecond()));
        f.add(new Figure(p + "import · peak RSS", "MB", false, im.peakRssBytes() / 1e6));
        f.add(new Figure(p + "import · store size", "MB", false, im.storeBytes() / 1e6));
        f.add(new Figure(p + "cold start", "s", false, i.startSeconds()));
        for (SchemaStep s : i.schema()) f.add(new Figure(p + "schema · " + s.index() + " ONLINE", "s", false, s.onlineSeconds()));
        f.add(new Figure(p + "schema · total", "s", false, i.schemaSeconds()));
        for (WarmupResult w : i.warmups()) {
            f.add(new Figure(p + "warm-up · " + w.method() + " · time", "s", false, w.seconds()));
            f.add(new Figure(p + "warm-up · " + w.method() + " · MB/s", "MB/s", true, w.megabytesPerSecond()));
            f.add(new Figure(p + "warm-up · " + w.method() + " · cached fraction", "share", true, w.cachedFraction()));
        }
        for (ProbeResult pr : i.probes()) {
            pr.latencyMs().forEach((state, v) -> f.add(new Figure(p + "probe · " + pr.name() + " · " + state + " · median", "ms", false, v[0])));
        }
    }
}
