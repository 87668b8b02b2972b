package io.graphperf.core;

/**
 * Bad input found once a run has begun but before anything was measured or loaded (a query text the engine cannot compile, a
 * parameter query that returns the wrong columns): like a wrong option, the CLI exits 2 with the message, and the run stops
 * whatever the other trials could do.
 */
public class BadInput extends UserError {
    public BadInput(String message) {
        super(message);
    }

    public BadInput(String message, Throwable cause) {
        super(message, cause);
    }
}
