package io.graphperf.core;

/**
 * A failure the user can fix (bad input, wrong setting, unreachable server): the CLI prints its
 * message alone, without a stack trace unless --verbose, and exits non-zero.
 */
public class UserError extends RuntimeException {
    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
