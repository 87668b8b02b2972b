package io.graphperf.workloads.agents;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The coordinator's clock, served over TCP so that each agent measures its clock's offset from it before the run (an NTP-style
 * probe: {@link ClockProbe}). The protocol is one byte asked, eight answered (the coordinator's time in microseconds since the
 * epoch, big-endian), as often as the agent asks on one connection; Nagle's algorithm is off on both ends, so a round trip is
 * the network's and not a delayed acknowledgement's (HTTP on the JDK's own server took 40 ms a round trip for that reason).
 * Against clients that are not agents: at most {@link #MAX_CONNECTIONS} connections at once (more are closed at once), and a
 * connection silent for {@link #IDLE_MILLIS} or that does not read its answers (a write blocked that long) is closed.
 */
final class ClockServer implements AutoCloseable {

    static final int MAX_CONNECTIONS = 512;
    static final int IDLE_MILLIS = 30_000;

    private final ServerSocket server;
    private final AtomicInteger open = new AtomicInteger();
    private final String address;
    private final Thread acceptor;

    /** @param bind the address to listen on (127.0.0.1 for agents on this machine; 0.0.0.0 for agents elsewhere) */
    ClockServer(String bind, String advertisedHost) throws IOException {
        server = new ServerSocket(0, 64, InetAddress.getByName(bind));
        address = "tcp://" + advertisedHost + ":" + server.getLocalPort();
        acceptor = new Thread(this::accept, "graphperf-clock");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                if (open.incrementAndGet() > MAX_CONNECTIONS) {
                    open.decrementAndGet();
                    s.close();
                    continue;
                }
                Thread t = new Thread(() -> {
                    try {
                        answer(s);
                    } finally {
                        open.decrementAndGet();
                    }
                }, "graphperf-clock-answer");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private static void answer(Socket s) {
        ScheduledFuture<?> watchdog = null;
        try (s) {
            s.setTcpNoDelay(true);
            s.setSoTimeout(IDLE_MILLIS);
            DataInputStream in = new DataInputStream(s.getInputStream());
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            while (in.read() >= 0) {
                Instant now = Instant.now();
                // a client that never reads fills the buffers and blocks this write: closing the socket ends it
                watchdog = WATCHDOG.schedule(() -> closeQuietly(s), IDLE_MILLIS, TimeUnit.MILLISECONDS);
                out.writeLong(now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000);
                out.flush();
                watchdog.cancel(false);
            }
        } catch (IOException ignored) {
            // the agent hung up, was silent too long, or did not read
        } finally {
            if (watchdog != null) watchdog.cancel(false);
        }
    }

    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "graphperf-clock-watchdog");
        t.setDaemon(true);
        return t;
    });

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    /** Where agents find it: tcp://HOST:PORT. */
    String address() {
        return address;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
