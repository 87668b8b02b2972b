package io.graphperf.engines.hosted;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine-host line seen from the harness: a request goes as one line of JSON naming it, its reply is read into the request's
 * reply type, and a line the engine's native code prints to stdout is logged, never taken for a reply.
 */
class HostProcessTest {

    /** Answered by the test host below with the request line itself. */
    @HostRequest.Op(value = "echo", reply = Map.class)
    record Echo(String text) implements HostRequest<Map<String, Object>> {
    }

    @Test
    void aRequestIsOneLineOfJsonAndAStrayLineOnStdoutGoesToTheLog(@TempDir Path dir) throws Exception {
        // a host that answers each request with the request's own line, after printing a line of its own to stdout, as a native library may
        String script = "printf 'ok\\tready\\n'; while read -r line; do echo 'native: 128 connections open';"
                + " case $line in *'\"op\":\"exit\"'*) printf 'ok\\t\"bye\"\\n'; exit 0;; esac; printf 'ok\\t%s\\n' \"$line\"; done";
        Path log = dir.resolve("host.log");
        try (HostProcess h = HostProcess.start("Test", List.of("sh", "-c", script), log, Duration.ofMinutes(1))) {
            Map<String, Object> first = h.call(Duration.ofMinutes(1), new Echo("first\tline\ntwo"));
            assertEquals(Map.of("op", "echo", "request", Map.of("text", "first\tline\ntwo")), first, "a tab and a newline travel inside one line");
            assertEquals(Map.of("text", "second"), h.call(Duration.ofMinutes(1), new Echo("second")).get("request"), "the second reply is the second request's");
        }
        assertTrue(Files.readString(log).contains("stdout (not a reply): native: 128 connections open"), Files.readString(log));
        assertFalse(HostProcess.isReply("native: error"));
        assertTrue(HostProcess.isReply("error\tKuzuException: out of memory") && HostProcess.isReply("ok\t\"done\""));
    }
}
