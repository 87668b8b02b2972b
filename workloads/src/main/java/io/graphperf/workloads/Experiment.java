package io.graphperf.workloads;

import java.time.Duration;
import java.util.List;

/** A named study: its scenarios and its default phases. */
public interface Experiment {

    /** CLI name, e.g. {@code writes}. */
    String name();

    /** The spec's id and title, e.g. "E4 — write scaling". */
    String title();

    String description();

    List<Scenario> scenarios();

    int defaultClients();

    Duration defaultWarmup();

    Duration defaultDuration();
}
