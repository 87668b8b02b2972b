package io.graphperf.engines.falkordb.host;

import io.graphperf.core.engine.FreshPorts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A FalkorDB server as the engine host runs it: {@code redis-server} with the FalkorDB module loaded, on a port of its own on
 * 127.0.0.1, its files in the store's folder, its log beside the host's. It never outlives the host: it is started under a small
 * shell that reads the host's end of a pipe and stops the server when that closes — when the host exits, is killed, or halts
 * because the harness is gone. Closed cleanly, the server is asked to shut down (its log written and forced first).
 */
final class FalkorDbServer implements AutoCloseable {

    /**
     * Prints the server's pid, then stops the server when its own standard input (the host's pipe) closes, or when it is sent
     * TERM, INT or HUP itself (e.g. a pkill that matches its command line, which names the store). The pipe is read by a cat in
     * the background (given the pipe explicitly: a background job's input is otherwise /dev/null), so that the shell waits
     * interruptibly and its trap runs at once. A server that does not stop within {@value #KILL_AFTER_SECONDS} s of its TERM is
     * killed: Redis finishes the command it is running before it shuts down, and a query of minutes would outlive the host.
     */
    static final int KILL_AFTER_SECONDS = 10;
    static final String WATCHDOG = "exec 3<&0; \"$@\" </dev/null & p=$!; c=;"
            // alive: not gone and not a zombie (a child that exited stays one until waited for)
            + " alive() { [ -r /proc/$p/status ] && ! grep -q '^State:[[:space:]]*Z' /proc/$p/status 2>/dev/null; };"
            + " stop() { kill $p 2>/dev/null; i=0; while alive && [ $i -lt " + (KILL_AFTER_SECONDS * 10) + " ]; do sleep 0.1; i=$((i+1)); done;"
            + " kill -9 $p 2>/dev/null; wait $p 2>/dev/null; };"
            + " trap 'stop; [ -n \"$c\" ] && kill $c 2>/dev/null; exit 0' TERM INT HUP; echo $p; cat <&3 >/dev/null & c=$!; wait $c; stop";

    private final Process watchdog;
    private final long serverPid;
    private final int port;
    private final Path log;
    /** where this start's lines begin in the log (earlier starts on the same store wrote before it) */
    private final long logStart;

    private FalkorDbServer(Process watchdog, long serverPid, int port, Path log, long logStart) {
        this.watchdog = watchdog;
        this.serverPid = serverPid;
        this.port = port;
        this.log = log;
        this.logStart = logStart;
    }

    /**
     * Starts a server on {@code store} and waits until it answers; a start whose port was taken between graphperf's pick and the
     * server's bind is made again with other ports ({@link FreshPorts}).
     *
     * @param config Redis settings given on its command line (e.g. appendonly=yes, appendfsync=always)
     */
    static FalkorDbServer start(Path redisServer, Path module, Path store, Path log, Map<String, String> config) throws IOException, InterruptedException {
        return FreshPorts.start("FalkorDB's server", FreshPorts.ATTEMPTS, FalkorDbServer::portTaken, () -> startOnce(redisServer, module, store, log, config));
    }

    /** Whether a failed start's message says the server could not bind its port (another process took it after graphperf picked it). */
    static boolean portTaken(String message) {
        return FreshPorts.saysInUse(message);
    }

    private static FalkorDbServer startOnce(Path redisServer, Path module, Path store, Path log, Map<String, String> config)
            throws IOException, InterruptedException {
        Files.createDirectories(store);
        long logStart = Files.isRegularFile(log) ? Files.size(log) : 0;
        int port = FreshPorts.pick();
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", WATCHDOG, "sh", redisServer.toString(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", store.toAbsolutePath().toString(), "--logfile", log.toAbsolutePath().toString(), "--daemonize", "no",
                "--save", ""));
        config.forEach((k, v) -> cmd.addAll(List.of("--" + k, v)));
        cmd.addAll(List.of("--loadmodule", module.toString()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String first = String.valueOf(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII)).readLine()); // the pid
        long pid;
        try {
            pid = Long.parseLong(first.trim()); // the shell writes nothing else
        } catch (NumberFormatException e) {
            p.destroyForcibly();
            throw new IOException("FalkorDB's server did not start (" + first.trim() + "); its log: " + log);
        }
        FalkorDbServer s = new FalkorDbServer(p, pid, port, log, logStart);
        s.awaitReady();
        return s;
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        IOException last = null;
        while (System.nanoTime() < deadline) {
            if (!ProcessHandle.of(serverPid).map(ProcessHandle::isAlive).orElse(false)) {
                close();
                throw new IOException("FalkorDB's server exited at start; the end of its log (" + log + "): " + tail());
            }
            try (Resp c = new Resp("127.0.0.1", port).timeout(2_000)) {
                Object pong = c.call("PING");
                if ("PONG".equals(pong)) return;
            } catch (IOException e) {
                last = e;
            } catch (Resp.ServerError e) {
                // "LOADING": the server is reading its files back
                last = new IOException(e.getMessage());
            }
            Thread.sleep(50);
        }
        String critical = critical(); // e.g. an error replaying its append-only file, after which it may load on, or hang
        close();
        throw new IOException("FalkorDB's server did not answer within 10 minutes (" + last + ")" + (critical == null ? "" : "; its log said: " + critical)
                + "; its log: " + log);
    }

    /** This start's first "== CRITICAL ==" line in the server's log (Redis's, e.g. a command of its append-only file refused), or null. */
    private String critical() {
        try (FileChannel f = FileChannel.open(log)) {
            if (f.size() <= logStart) return null;
            ByteBuffer b = ByteBuffer.allocate((int) Math.min(f.size() - logStart, 1 << 20));
            f.read(b, logStart);
            return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).lines().filter(l -> l.contains("== CRITICAL ==")).findFirst()
                    .map(String::trim).orElse(null);
        } catch (IOException e) {
            return null; // no log yet
        }
    }

    private String tail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    int port() {
        return port;
    }

    long pid() {
        return serverPid;
    }

    /** Asks the server to shut down (its append-only file forced first), then closes the watchdog's pipe; kills what is left. */
    @Override
    public void close() {
        try (Resp c = new Resp("127.0.0.1", port).timeout(30_000)) {
            c.send("SHUTDOWN");
            c.flush();
            c.reply(); // the connection closes when the server exits
        } catch (IOException | RuntimeException e) {
            // gone already, or gone now
        }
        try {
            OutputStream pipe = watchdog.getOutputStream();
            pipe.close();
            if (!watchdog.waitFor(60, TimeUnit.SECONDS)) {
                ProcessHandle.of(serverPid).ifPresent(ProcessHandle::destroyForcibly);
                watchdog.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            ProcessHandle.of(serverPid).ifPresent(ProcessHandle::destroyForcibly);
        } catch (InterruptedException e) {
            ProcessHandle.of(serverPid).ifPresent(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
    }
}
