package io.graphperf.core.engine;

/**
 * An index (or a constraint's backing index) as the database reports it.
 *
 * @param state              e.g. ONLINE, POPULATING, FAILED
 * @param populationPercent  0..100
 */
public record IndexState(String name, String type, String state, double populationPercent) {
    public boolean online() {
        return "ONLINE".equalsIgnoreCase(state);
    }

    public boolean failed() {
        return "FAILED".equalsIgnoreCase(state);
    }
}
