package io.graphperf.cli;

import io.graphperf.core.UserError;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/** The graphperf command line. Exit codes: 0 success, 1 failed run or runtime error, 2 bad usage. */
@Command(name = "graphperf", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A performance lab for graph databases: runs experiments against an embedded Neo4j "
                + "(started by graphperf) or your own server, and writes JSON, CSV and an HTML report.",
        subcommands = {RunCommand.class, CompareCommand.class, DatagenCommand.class, ListCommand.class, ReportCommand.class, OverheadCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the CLI and returns its exit code (tests call this instead of main). */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            boolean verbose = parseResult.originalArgs().contains("--verbose");
            PrintWriter err = commandLine.getErr();
            Throwable cause = e;
            while (!(cause instanceof UserError) && cause.getCause() != null && cause.getCause() != cause) cause = cause.getCause();
            if (cause instanceof UserError) {
                err.println("graphperf: error: " + cause.getMessage());
            } else {
                err.println("graphperf: internal error: " + e + (verbose ? "" : " (run with --verbose for the stack trace)"));
            }
            if (verbose) e.printStackTrace(err);
            err.flush();
            return 1;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[]{"graphperf " + (v == null ? "0.1.0-SNAPSHOT" : v)};
        }
    }
}
