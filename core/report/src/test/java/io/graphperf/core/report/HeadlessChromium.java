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
}
