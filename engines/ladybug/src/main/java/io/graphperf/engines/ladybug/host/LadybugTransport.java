package io.graphperf.engines.ladybug.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.engines.kuzu.host.KuzuWriters;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * LadybugDB as an application reaches graphperf's server: each client its own TCP connection (and so its own LadybugDB connection
 * in the server), one line of JSON per statement and per reply. It only sends and reads; graphperf's Runner times it, so every
 * latency includes the boundary's round trip, which {@link LadybugFacts} measures alone. LadybugDB, like Kuzu, takes one write
 * transaction at a time: writers queue on one fair lock, reads never wait ({@link KuzuWriters}).
 */
final class LadybugTransport implements Transport {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** One server per host: its writers queue here, first come first served. */
    private static final ReentrantLock WRITER = new ReentrantLock(true);

    private final int port;

    LadybugTransport(int port) {
        this.port = port;
    }

    @Override
    public Session openSession() {
        Connection c = new Connection(port);
        return new Session() {
            @Override
            public void execute(Operation op) {
                KuzuWriters.execute(op, WRITER, tx -> c.rows(tx, Map.of()), st -> c.rows(st.text(), st.params()));
            }

            @Override
            public List<List<Object>> fetch(Statement st) {
                return c.rows(st.text(), st.params());
            }

            @Override
            public void close() {
                c.close();
            }
        };
    }

    /** One connection to the server: a request line, its reply line. */
    static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final BufferedReader in;
        private final BufferedWriter out;

        Connection(int port) {
            try {
                socket = new Socket("127.0.0.1", port);
                socket.setTcpNoDelay(true);
                in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
                out = new BufferedWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("graphperf's LadybugDB server on port " + port + " does not answer: " + e.getMessage(), e);
            }
        }

        /** A statement's rows; LadybugDB's refusal as an IllegalStateException with its message. */
        @SuppressWarnings("unchecked")
        List<List<Object>> rows(String text, Map<String, Object> params) {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("q", text);
            if (!params.isEmpty()) request.put("p", params);
            Map<String, Object> reply = call(request);
            if (reply.containsKey("error")) throw new IllegalStateException(String.valueOf(reply.get("error")));
            return (List<List<Object>>) reply.get("rows");
        }

        /** A round trip that does no work in LadybugDB (the boundary's own cost). */
        void noop() {
            call(Map.of());
        }

        @SuppressWarnings("unchecked")
        private Map<String, Object> call(Map<String, Object> request) {
            try {
                out.write(JSON.writeValueAsString(request));
                out.write('\n');
                out.flush();
                String line = in.readLine();
                if (line == null) throw new IOException("the server closed the connection (exited?)");
                return JSON.readValue(line, Map.class);
            } catch (IOException e) {
                throw new UncheckedIOException("graphperf's LadybugDB server: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closed already
            }
        }
    }
}
