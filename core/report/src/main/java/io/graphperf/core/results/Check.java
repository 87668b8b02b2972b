package io.graphperf.core.results;

/**
 * A check of the engine's contents (or of a result) after a cell, made independently of what the clients
 * claimed: what must be there against what is.
 *
 * @param what     e.g. "acknowledged :User ids present exactly once"
 * @param detail   what was found beyond the two numbers (missing, duplicated or unexpected ids), or null
 */
public record Check(String what, long expected, long actual, boolean passed, String detail) {

    /** A check that passes when the two numbers are equal. */
    public static Check equal(String what, long expected, long actual) {
        return new Check(what, expected, actual, expected == actual, null);
    }
}
