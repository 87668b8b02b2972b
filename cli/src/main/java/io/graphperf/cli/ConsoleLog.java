package io.graphperf.cli;

import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The harness's one logger: graphperf's classes outside the CLI report through {@code System.getLogger(theirClass.getName())} (the
 * JDK's platform logging, no dependency); the CLI prints what they report on stderr as one line, {@code graphperf: message}. Only the
 * CLI writes to the console (ArchitectureTest).
 */
final class ConsoleLog {

    /** Held: the JDK keeps loggers only weakly, and a collected one would lose this configuration. */
    private static final Logger GRAPHPERF = Logger.getLogger("io.graphperf");

    private ConsoleLog() {
    }

    static void install() {
        if (GRAPHPERF.getHandlers().length > 0) return;
        ConsoleHandler h = new ConsoleHandler(); // stderr
        h.setLevel(Level.INFO);
        h.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord r) {
                String m = formatMessage(r);
                return "graphperf: " + (r.getLevel().intValue() >= Level.WARNING.intValue() ? r.getLevel().getName().toLowerCase() + ": " : "") + m
                        + (r.getThrown() != null ? " (" + r.getThrown() + ")" : "") + System.lineSeparator();
            }
        });
        GRAPHPERF.addHandler(h);
        GRAPHPERF.setUseParentHandlers(false);
        GRAPHPERF.setLevel(Level.INFO);
    }
}
