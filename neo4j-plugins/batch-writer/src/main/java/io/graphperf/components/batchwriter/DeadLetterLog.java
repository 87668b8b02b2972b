package io.graphperf.components.batchwriter;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes that failed for good (a syntax error, a constraint violation): one JSON object per line with
 * the sequence, statement, parameters, the database's status code and message, so a person can see,
 * fix and resubmit them. Each line is synced before the write counts as done, because the applied
 * position moves past it right after.
 */
public final class DeadLetterLog implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final FileChannel channel;
    private final AtomicLong count = new AtomicLong();

    public DeadLetterLog(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    public Path file() {
        return file;
    }

    /** Dead letters written since this log was opened. */
    public long count() {
        return count.get();
    }

    public synchronized void append(PendingWrites.Write w, String code, String message) throws IOException {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("sequence", w.sequence());
        entry.put("time", Instant.now().toString());
        entry.put("statement", w.statement());
        entry.put("params", w.params());
        entry.put("code", code);
        entry.put("error", message);
        String line = JSON.writeValueAsString(entry) + "\n";
        ByteBuffer b = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) channel.write(b);
        channel.force(false);
        count.incrementAndGet();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
