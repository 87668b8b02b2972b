package io.graphperf.workloads.agents;

import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The coordinator's clock endpoint keeps answering agents while clients that are not agents hold connections or never read. */
class ClockServerTest {

    @Test
    void anAgentsProbeIsAnsweredBesideSilentAndNonReadingClients() throws Exception {
        List<Socket> hostile = new ArrayList<>();
        List<Thread> flooders = new ArrayList<>();
        try (ClockServer clock = new ClockServer("127.0.0.1", "127.0.0.1")) {
            URI uri = URI.create(clock.address());
            for (int i = 0; i < 200; i++) { // connected, never a byte
                Socket s = new Socket();
                s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
                hostile.add(s);
            }
            for (int i = 0; i < 4; i++) { // asks as fast as it can and never reads an answer
                Socket s = new Socket();
                s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
                hostile.add(s);
                Thread t = new Thread(() -> {
                    try {
                        OutputStream out = s.getOutputStream();
                        byte[] junk = new byte[64 * 1024];
                        while (!Thread.currentThread().isInterrupted()) out.write(junk);
                    } catch (Exception ignored) {
                        // closed by the server, or by the test
                    }
                });
                t.setDaemon(true);
                t.start();
                flooders.add(t);
            }
            Thread.sleep(500);
            ClockProbe.Offset o = ClockProbe.measure(clock.address(), 2_000, 5_000);
            assertTrue(Math.abs(o.offsetMs()) + o.errorMs() < 50, "one clock, answered: " + o);
        } finally {
            for (Thread t : flooders) t.interrupt();
            for (Socket s : hostile) s.close();
        }
    }
}
