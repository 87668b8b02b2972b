package io.graphperf.workloads;

import io.graphperf.core.UserError;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.workloads.cdc.CdcExperiment;
import io.graphperf.workloads.imports.ImportExperiment;
import io.graphperf.workloads.quick.QuickExperiment;
import io.graphperf.workloads.reads.ReadsExperiment;
import io.graphperf.workloads.writes.WritesExperiment;

import java.util.LinkedHashMap;
import java.util.Map;

/** The experiments graphperf knows, by CLI name: adding one is its folder plus one line here. */
public final class Experiments {
    private static final Map<String, Experiment<?>> ALL = new LinkedHashMap<>();

    static {
        register(new QuickExperiment());
        register(new ImportExperiment());
        register(new ReadsExperiment());
        register(new WritesExperiment());
        register(new CdcExperiment());
        register(new io.graphperf.workloads.orientdb.OrientImportExperiment());
        register(new io.graphperf.workloads.orientdb.OrientWritesExperiment());
    }

    private Experiments() {
    }

    private static void register(Experiment<?> e) {
        ALL.put(e.name(), e);
        if (e.dataType() != null) JsonExporter.register(e.dataType(), e.name());
    }

    public static Map<String, Experiment<?>> all() {
        return ALL;
    }

    public static Experiment<?> byName(String name) {
        Experiment<?> e = ALL.get(name);
        if (e == null) throw new UserError("unknown experiment '" + name + "'; known: " + String.join(", ", ALL.keySet()));
        return e;
    }
}
