package io.graphperf.core.report;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Opens a page in Debian's headless Chromium and returns the DOM after its scripts ran, with every console message
 * the page produced. The flags keep Chromium off the network (this machine has none). Where no Chromium is
 * installed, a test using it is skipped with a reason (.ci/run installs it, so CI runs them).
 */
public final class HeadlessChromium {

    public record Page(String dom, List<String> consoleMessages) {
    }

    private HeadlessChromium() {
    }

    static Path binary() {
        for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (Files.isExecutable(Path.of(candidate))) return Path.of(candidate);
        }
        return null;
    }

    /** Skips the calling test, with the reason, when no Chromium is installed. */
    public static void assumeInstalled() {
        Assumptions.assumeTrue(binary() != null, "no Chromium found: install Debian's chromium (apt-get install chromium); .ci/run does");
    }

    public static Page open(Path file, Path workDir) throws IOException, InterruptedException {
        assumeInstalled();
        Path profile = Files.createDirectories(workDir.resolve("chromium-profile"));
        Path stderr = workDir.resolve("chromium.stderr");
        Process p = new ProcessBuilder(binary().toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--window-size=1400,900", "--dump-dom", file.toUri().toString())
                .redirectError(stderr.toFile()).start();
        String dom = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("Chromium did not finish within 60 s");
        }
        List<String> console = Files.readAllLines(stderr).stream().filter(l -> l.contains(":CONSOLE")).toList();
        return new Page(dom, console);
    }

    /**
     * Runs an asynchronous script in a blank page of headless Chromium, through the DevTools protocol, and returns
     * what its promise resolved to (as a string). For what a page does after it has loaded (WebSockets, timers),
     * which --dump-dom does not wait for.
     */
    public static String evaluate(String asyncExpression, Path workDir, java.time.Duration timeout) throws Exception {
        assumeInstalled();
        Path profile = Files.createDirectories(workDir.resolve("chromium-devtools-profile"));
        Process p = new ProcessBuilder(binary().toString(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--remote-debugging-port=0", "about:blank").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String devtools = null;
            // the reader stays open: a thread drains Chromium's log until the process ends
            java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getErrorStream()));
            for (String l; (l = r.readLine()) != null; ) {
                int at = l.indexOf("DevTools listening on ");
                if (at >= 0) {
                    devtools = l.substring(at + "DevTools listening on ".length()).trim();
                    break;
                }
            }
            Thread drainer = new Thread(() -> drain(r), "chromium-stderr");
            drainer.setDaemon(true);
            drainer.start();
            if (devtools == null) throw new IllegalStateException("Chromium did not open its DevTools endpoint");
            java.net.URI browser = java.net.URI.create(devtools);
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            String list = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://" + browser.getAuthority() + "/json/list")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
            String pageSocket = null;
            for (com.fasterxml.jackson.databind.JsonNode t : json.readTree(list)) {
                if ("page".equals(t.path("type").asText())) pageSocket = t.path("webSocketDebuggerUrl").asText();
            }
            if (pageSocket == null) throw new IllegalStateException("no page in Chromium: " + list);
            java.util.concurrent.CompletableFuture<String> answer = new java.util.concurrent.CompletableFuture<>();
            java.net.http.WebSocket ws = http.newWebSocketBuilder().buildAsync(java.net.URI.create(pageSocket), new java.net.http.WebSocket.Listener() {
                private final StringBuilder text = new StringBuilder();

                @Override
                public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w, CharSequence data, boolean last) {
                    text.append(data);
                    if (last) {
                        String m = text.toString();
                        text.setLength(0);
                        try {
                            com.fasterxml.jackson.databind.JsonNode n = json.readTree(m);
                            if (n.path("id").asInt() == 1) {
                                if (n.has("exceptionDetails") || n.path("result").has("exceptionDetails")) answer.completeExceptionally(new IllegalStateException(m));
                                else answer.complete(n.path("result").path("result").path("value").asText());
                            }
                        } catch (IOException e) {
                            answer.completeExceptionally(e);
                        }
                    }
                    w.request(1);
                    return null;
                }
            }).get(10, TimeUnit.SECONDS);
            ws.sendText(json.writeValueAsString(java.util.Map.of("id", 1, "method", "Runtime.evaluate", "params",
                    java.util.Map.of("expression", asyncExpression, "awaitPromise", true, "returnByValue", true))), true);
            try {
                return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } finally {
                ws.abort();
            }
        } finally {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
        }
    }

    private static void drain(java.io.BufferedReader r) {
        try {
            while (r.readLine() != null) {
                // Chromium's log, not needed
            }
        } catch (IOException ignored) {
            // the process ended
        }
    }
}
