package io.graphperf.cli;

import java.nio.file.Path;

/** Where the graphperf checkout is: the launcher passes it; tests pass it through Maven. */
final class Home {
    private Home() {
    }

    static Path get() {
        String p = System.getProperty("graphperf.home");
        return (p == null ? Path.of("") : Path.of(p)).toAbsolutePath().normalize();
    }
}
