package io.graphperf.storage;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a system program to completion with a time limit; a failure is a {@link UserError} with the program's own output. */
final class Command {

    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

    private Command() {
    }

    static String run(String... args) {
        return run(DEFAULT_TIMEOUT, List.of(args));
    }

    static String run(Duration timeout, List<String> args) {
        Process p;
        try {
            p = new ProcessBuilder(args).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UserError("cannot run " + args.get(0) + ": " + e.getMessage());
        }
        try {
            p.getOutputStream().close();
            byte[][] out = new byte[1][];
            Thread reader = new Thread(() -> {
                try {
                    out[0] = p.getInputStream().readAllBytes();
                } catch (IOException e) {
                    out[0] = new byte[0];
                }
            }, "command-output");
            reader.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new UserError(String.join(" ", args) + " did not finish within " + timeout.toSeconds() + " s");
            }
            reader.join(5_000);
            String text = out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) throw new UserError(String.join(" ", args) + " failed (exit " + p.exitValue() + "): " + text);
            return text;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new UserError(String.join(" ", args) + " was interrupted");
        } catch (IOException e) {
            throw new UserError("cannot run " + args.get(0) + ": " + e.getMessage());
        }
    }

    /** Runs it and ignores a failure (cleanup: the thing may already be gone); returns whether it succeeded. */
    static boolean quietly(String... args) {
        try {
            run(Duration.ofSeconds(60), List.of(args));
            return true;
        } catch (UserError e) {
            return false;
        }
    }

    static List<String> list(String... a) {
        return new ArrayList<>(List.of(a));
    }
}
