package io.graphperf.engines.falkordb.host;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One connection speaking the Redis protocol (RESP2), as FalkorDB's clients do: a command is an array of bulk strings; a reply
 * is a simple string, an error, an integer, a bulk string (as bytes) or an array of replies. Commands may be pipelined: written
 * with {@link #send} and read back in order with {@link #reply}. An error reply comes back as a {@link Error} value, so that
 * the replies of a pipeline or a transaction stay in step; {@link #call} throws it.
 */
final class Resp implements AutoCloseable {

    /** A reply the server gave as an error ("-ERR …"). */
    record Error(String message) {
    }

    /** The server's error reply to a command, thrown by {@link #call}. */
    static final class ServerError extends RuntimeException {
        ServerError(String message) {
            super(message);
        }
    }

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    Resp(String host, int port) throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), 10_000);
        out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
        in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
    }

    /** Waits at most {@code millis} for each read from now on (a server that stopped answering then throws, never hangs its caller). */
    Resp timeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
        return this;
    }

    /** Sends one command and returns its reply; an error reply is thrown. */
    Object call(String... command) throws IOException {
        send(command);
        flush();
        Object r = reply();
        if (r instanceof Error e) throw new ServerError(e.message());
        return r;
    }

    /** Writes one command without waiting for its reply (see {@link #flush}, {@link #reply}). */
    void send(String... command) throws IOException {
        out.write(('*' + Integer.toString(command.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (String c : command) {
            byte[] b = c.getBytes(StandardCharsets.UTF_8);
            out.write(('$' + Integer.toString(b.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(b);
            out.write('\r');
            out.write('\n');
        }
    }

    void flush() throws IOException {
        out.flush();
    }

    /** The next reply: String (simple), Long, byte[] (bulk), null, List (array), or {@link Error}. */
    Object reply() throws IOException {
        return read(in);
    }

    static Object read(InputStream in) throws IOException {
        int type = in.read();
        if (type < 0) throw new EOFException("the server closed the connection");
        String line = line(in);
        return switch (type) {
            case '+' -> line;
            case '-' -> new Error(line);
            case ':' -> Long.parseLong(line);
            case '$' -> {
                int n = Integer.parseInt(line);
                if (n < 0) yield null;
                byte[] b = in.readNBytes(n);
                if (b.length < n || in.read() != '\r' || in.read() != '\n') throw new EOFException("a bulk string ended early");
                yield b;
            }
            case '*' -> {
                int n = Integer.parseInt(line);
                if (n < 0) yield null;
                List<Object> items = new ArrayList<>(n);
                for (int i = 0; i < n; i++) items.add(read(in));
                yield items;
            }
            default -> throw new IOException("not a RESP2 reply: type byte " + type + " then '" + line + "'");
        };
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream sb = new ByteArrayOutputStream(32);
        for (int c; (c = in.read()) >= 0; ) {
            if (c == '\r') {
                if (in.read() != '\n') throw new IOException("a RESP line without \\n after \\r");
                return sb.toString(StandardCharsets.UTF_8);
            }
            sb.write(c);
        }
        throw new EOFException("the server closed the connection in the middle of a reply");
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
