package io.graphperf.datagen;

import io.graphperf.datagen.format.FileGroup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A dataset generator: the files of each label and type at a scale, and anything written beside them. */
public interface Dataset {

    String name();

    /** The file groups to write. {@code defects} bad rows of each kind are injected (0 for none). */
    List<FileGroup> groups(double scale, long seed, int defects);

    /** Files written after the groups (e.g. a parameter file), with a description each for the manifest. */
    default Map<String, String> writeExtras(Path dir, double scale, long seed) throws IOException {
        return Map.of();
    }

    /** Rows for a figure of the spec at a scale: never fewer than one. */
    static long scaled(double full, double scale) {
        return Math.max(1, Math.round(full * scale));
    }
}
