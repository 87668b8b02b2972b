package io.graphperf.engines.hosted;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The engine host's side of {@link HostProcess}: one request a line on stdin (a {@link HostRequest} as JSON, read into its type by
 * the host's {@link HostDispatch}), one reply a line on stdout ({@code ok<TAB>JSON} or {@code error<TAB>MESSAGE}),
 * {@code ok<TAB>ready} first. The database's own output goes to
 * stderr (the host's log), so the reply channel stays clean. The loop ends at {@code exit} or when stdin closes (the
 * harness is gone), and the host exits too when the harness's process ends, even in the middle of a request.
 */
public final class HostLoop {

    private HostLoop() {
    }

    /**
     * Serves requests until {@code exit} or the end of stdin, then runs {@code close} and exits the JVM.
     *
     * @param check runs before the ready line; what it throws is the one error line the host answers, and the host exits
     */
    public static void serve(HostDispatch handler, Runnable check, Runnable close) throws IOException {
        PrintStream reply = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // databases print to stdout: keep the reply channel clean
        ProcessHandle.current().parent().ifPresent(p -> p.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
        try {
            check.run();
        } catch (Throwable t) {
            reply.println("error\t" + oneLine(t.getMessage()));
            System.exit(2);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        reply.println("ok\tready");
        for (String line; (line = in.readLine()) != null; ) {
            try {
                HostLine.Parsed request = HostLine.parse(line);
                if (request.op().equals(HostRequest.op(HostRequest.Exit.class).value())) {
                    reply.println("ok\t\"bye\"");
                    break;
                }
                reply.println("ok\t" + handler.answer(request.op(), request.fields()));
            } catch (Throwable t) {
                t.printStackTrace();
                reply.println("error\t" + oneLine(t.getClass().getSimpleName() + ": " + t.getMessage()));
            }
        }
        close.run();
        System.exit(0);
    }

    private static String oneLine(String s) {
        return String.valueOf(s).replace('\n', ' ').replace('\t', ' ');
    }
}
