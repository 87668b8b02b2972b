package io.graphperf.workloads.agents;

import io.graphperf.core.UserError;

import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Instant;

/**
 * An agent's clock measured against the coordinator's (NTP's way): requests to its {@link ClockServer} for up to a few seconds
 * (a freshly started JVM answers slowly at first); the one with the shortest round trip gives the offset (the coordinator's time
 * minus the midpoint of send and receive here) and its error bound (half that round trip: the coordinator read its clock
 * somewhere within it).
 */
final class ClockProbe {

    /** @param offsetMs coordinator minus this machine; @param errorMs the bound on the offset's error */
    record Offset(double offsetMs, double errorMs) {
    }

    private ClockProbe() {
    }

    /** Probes for at most {@code maxMillis}, at most {@code probes} times; stops early once the error bound is below 0.05 ms. */
    static Offset measure(String address, int probes, long maxMillis) {
        URI uri = URI.create(address);
        Offset best = null;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
            s.setTcpNoDelay(true);
            s.setSoTimeout(5_000);
            OutputStream out = s.getOutputStream();
            DataInputStream in = new DataInputStream(s.getInputStream());
            long end = System.nanoTime() + maxMillis * 1_000_000;
            for (int i = 0; i < probes && System.nanoTime() < end; i++) {
                if (i >= 200 && best != null && best.errorMs() < 0.05) break;
                double sent = micros();
                out.write(1);
                out.flush();
                double theirs = in.readLong();
                double received = micros();
                Offset o = new Offset((theirs - (sent + received) / 2) / 1000, (received - sent) / 2 / 1000);
                if (i >= 20 && (best == null || o.errorMs() < best.errorMs())) best = o; // the first ones run cold
            }
        } catch (Exception e) {
            throw new UserError("cannot read the coordinator's clock at " + address + ": " + e.getMessage());
        }
        if (best == null) throw new UserError("cannot read the coordinator's clock at " + address + ": too few answers");
        return best;
    }

    private static double micros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000.0 + now.getNano() / 1_000;
    }
}
