package io.graphperf.workloads.agents;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Instant;

/**
 * The coordinator's clock, served over TCP so that each agent measures its clock's offset from it before the run (an NTP-style
 * probe: {@link ClockProbe}). The protocol is one byte asked, eight answered (the coordinator's time in microseconds since the
 * epoch, big-endian), as often as the agent asks on one connection; Nagle's algorithm is off on both ends, so a round trip is
 * the network's and not a delayed acknowledgement's (HTTP on the JDK's own server took 40 ms a round trip for that reason).
 */
final class ClockServer implements AutoCloseable {

    private final ServerSocket server;
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
                Thread t = new Thread(() -> answer(s), "graphperf-clock-answer");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private static void answer(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(s.getInputStream());
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            while (in.read() >= 0) {
                Instant now = Instant.now();
                out.writeLong(now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000);
                out.flush();
            }
        } catch (IOException ignored) {
            // the agent hung up
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
