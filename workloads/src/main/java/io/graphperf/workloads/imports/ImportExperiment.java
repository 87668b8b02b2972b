package io.graphperf.workloads.imports;

import io.graphperf.workloads.Experiment;

/** E1 as the CLI lists it: a study of phases ({@link ImportStudy}), not of timed scenarios. */
public final class ImportExperiment implements Experiment {

    @Override
    public String name() {
        return "import";
    }

    @Override
    public String title() {
        return "E1 — bulk import, schema, cache warm-up";
    }

    @Override
    public String description() {
        return "Neo4j's bulk importer on a generated (b2b, social) or your own CSV folder, then one uniqueness constraint per label key"
                + " and two property indexes timed until ONLINE, then cold start, apoc.warmup.run and graphperf's query warm-up with"
                + " probe queries cold and warm. --scale takes a list; --variant and --repeat compare configurations.";
    }
}
