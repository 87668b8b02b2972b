package io.graphperf.core.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reply channel of an engine host: a line its engine's native code prints to stdout is logged, never taken for a reply. */
class HostProcessTest {

    @Test
    void aStrayLineOnStdoutGoesToTheLogAndTheRepliesStayInStep(@TempDir Path dir) throws Exception {
        // a host that answers each request after printing a line of its own to stdout, as a native library may
        String script = "printf 'ok\\tready\\n'; while read -r line; do echo 'native: 128 connections open';"
                + " case $line in exit*) printf 'ok\\tbye\\n'; exit 0;; esac; printf 'ok\\tanswer to %s\\n' \"$line\"; done";
        Path log = dir.resolve("host.log");
        try (HostProcess h = HostProcess.start("Test", List.of("sh", "-c", script), log, Duration.ofMinutes(1))) {
            assertEquals("answer to first", h.request(Duration.ofMinutes(1), "first"));
            assertEquals("answer to second", h.request(Duration.ofMinutes(1), "second"), "the second reply is the second request's");
        }
        assertTrue(Files.readString(log).contains("stdout (not a reply): native: 128 connections open"), Files.readString(log));
        assertFalse(HostProcess.isReply("native: error"));
        assertTrue(HostProcess.isReply("error\tKuzuException: out of memory") && HostProcess.isReply("ok\tdone"));
    }
}
