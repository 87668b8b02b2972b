package io.graphperf.engines.hosted;

import io.graphperf.core.UserError;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An engine host: an embedded database in a JVM of its own, started by graphperf and driven one request at a time
 * over its stdin and stdout. A request is a {@link HostRequest}, one line of JSON; a reply one line, {@code ok<TAB>JSON} read into
 * the request's reply type, or {@code error<TAB>MESSAGE}; the host's first line is {@code ok<TAB>ready}. The caller times what it must; the host
 * only executes. The process is killed at close when it does not exit when asked, on failure and at JVM exit.
 */
public final class HostProcess implements AutoCloseable {

    private final String engine;
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> replies = new ArrayBlockingQueue<>(16);
    private final Path log;
    private final Thread hook;

    private HostProcess(String engine, Process process, Path log) {
        this.engine = engine;
        this.process = process;
        this.log = log;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (isReply(line)) replies.put(line);
                    else strayOutput(line);
                }
            } catch (IOException | InterruptedException e) {
                // the host is gone; a waiting request says so
            }
        }, engine + "-host-replies");
        reader.setDaemon(true);
        reader.start();
        this.hook = new Thread(process::destroyForcibly, engine + "-host-kill");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** A line of the host's reply channel ({@link HostLoop}'s "ok" or "error", a tab, the body). */
    static boolean isReply(String line) {
        return line.startsWith("ok\t") || line.startsWith("error\t") || line.equals("ok") || line.equals("error");
    }

    /**
     * A line on the host's standard output that is no reply: an engine's native code writing to the process's stdout, which the
     * host's Java side cannot redirect. It goes to the host's log, so it can neither be taken for a reply nor put the replies
     * out of step.
     */
    private void strayOutput(String line) {
        try {
            Files.writeString(log, "stdout (not a reply): " + line + System.lineSeparator(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // the log is gone with its folder: the line is dropped, the replies stay in step
        }
    }

    /**
     * Starts {@code command} (a java command line) with its stderr appended to {@code log} and waits for its ready line.
     *
     * @param engine the engine's name in messages, e.g. "OrientDB"
     */
    public static HostProcess start(String engine, List<String> command, Path log, Duration startTimeout) throws IOException {
        return start(engine, command, log, startTimeout, null);
    }

    /**
     * As above, the host's working folder {@code workingDir} (an engine that writes files of its own relative to it, such as
     * ArcadeDB's log/, writes them there, not where graphperf was started), or the harness's when null.
     */
    public static HostProcess start(String engine, List<String> command, Path log, Duration startTimeout, Path workingDir) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder b = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        if (workingDir != null) b.directory(Files.createDirectories(workingDir).toFile());
        Process p = b.start();
        HostProcess h = new HostProcess(engine, p, log);
        try {
            h.await(startTimeout, "start");
        } catch (RuntimeException e) {
            h.close();
            throw e;
        }
        return h;
    }

    /** Sends one request and returns the host's answer; a failure in the host is a {@link UserError} with its message. */
    public <R> R call(Duration timeout, HostRequest<R> request) {
        HostRequest.Op op = HostRequest.op(request.getClass());
        String body;
        synchronized (this) {
            try {
                in.write(HostLine.request(request) + "\n");
                in.flush();
            } catch (IOException e) {
                throw new UserError("the " + engine + " engine host is gone (" + e.getMessage() + "); its log: " + log);
            }
            body = await(timeout, op.value());
        }
        try {
            return HostLine.reply(body, op);
        } catch (IOException e) {
            throw new UserError(engine + " " + op.value() + " answered what is not its reply (" + e.getMessage() + "); engine host log: " + log);
        }
    }

    private String await(Duration timeout, String op) {
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                String r = replies.poll(200, TimeUnit.MILLISECONDS);
                if (r != null) {
                    int tab = r.indexOf('\t');
                    String status = tab < 0 ? r : r.substring(0, tab), body = tab < 0 ? "" : r.substring(tab + 1);
                    if (status.equals("ok")) return body;
                    throw new UserError(engine + " " + op + " failed: " + body + " (engine host log: " + log + ")");
                }
                if (!process.isAlive()) throw new UserError("the " + engine + " engine host exited (code " + process.exitValue() + ") during " + op + "; its log: " + log);
                if (System.nanoTime() > deadline) throw new UserError(engine + " " + op + " did not answer within " + timeout.toSeconds() + " s; its log: " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while waiting for " + engine + " " + op);
        }
    }

    public OptionalLong pid() {
        return process.isAlive() ? OptionalLong.of(process.pid()) : OptionalLong.empty();
    }

    public boolean alive() {
        return process.isAlive();
    }

    public Path log() {
        return log;
    }

    /** Asks the host to close its databases (their files flushed) and exit; kills it when it does not. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                try {
                    call(Duration.ofMinutes(2), new HostRequest.Exit());
                } catch (UserError e) {
                    // killed below
                }
                if (!process.waitFor(30, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook runs anyway
            }
        }
    }
}
