package io.graphperf.core.results;

/** A check of the database's contents after a scenario: what must be there against what is. */
public record Verification(String check, long expected, long actual) {
    public boolean passed() {
        return expected == actual;
    }
}
