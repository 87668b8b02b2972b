package io.graphperf.cli;

import io.graphperf.engines.neo4j.HostSettings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** Deletes a finished run's store (data and transaction logs); logs stay for the reader. */
final class Stores {
    private Stores() {
    }

    static void delete(HostSettings h) throws IOException {
        deleteTree(h.dataDir() != null ? h.dataDir() : h.workDir().resolve("data"));
        if (h.txLogDir() != null) deleteTree(h.txLogDir());
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
