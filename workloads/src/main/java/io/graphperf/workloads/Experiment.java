package io.graphperf.workloads;

import java.time.Duration;
import java.util.List;

/**
 * A named study: its scenarios and its default phases. A study of phases (E1, E2) has no scenarios of
 * its own and keeps the defaults; its runner decides what it measures.
 */
public interface Experiment {

    /** CLI name, e.g. {@code writes}. */
    String name();

    /** The spec's id and title, e.g. "E4 — write scaling". */
    String title();

    String description();

    default List<Scenario> scenarios() {
        return List.of();
    }

    default int defaultClients() {
        return 1;
    }

    default Duration defaultWarmup() {
        return Duration.ZERO;
    }

    default Duration defaultDuration() {
        return Duration.ofSeconds(1);
    }

    /** Ratio targets between scenarios (e.g. the batch writer against single-statement transactions). */
    default List<RatioTarget> targets() {
        return List.of();
    }
}
