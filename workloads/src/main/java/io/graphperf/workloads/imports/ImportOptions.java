package io.graphperf.workloads.imports;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * E1's validated options.
 *
 * @param dataset      b2b, social, the path of a folder of Neo4j-import CSV files, {@value #EXPORT} (the engine's own export format,
 *                     generated: E3), or the path of an export file of the engine's format
 * @param scales       generator scales (one NaN for a folder or an export file)
 * @param indexes      "Label.property" of the schema phase's plain indexes, or null for the dataset's defaults
 * @param dropOsCache  drop the operating system's file cache before each cold start (when root)
 * @param datasetCache where generated datasets are kept, or null for the run's default
 */
public record ImportOptions(String dataset, List<Double> scales, List<String> indexes, String probeLabel, int badTolerance, String maxOffHeap,
                            int defects, long datasetSeed, Path datasetCache, boolean dropOsCache) {

    public static final List<String> GENERATED = List.of("b2b", "social");
    /** The dataset that stands for a generated database in the engine's own export format (E3). */
    public static final String EXPORT = "export";

    public boolean generated() {
        return GENERATED.contains(dataset);
    }

    /** Whether the engine imports its own export (E3): generated, or a file of the user's. */
    public boolean export() {
        return EXPORT.equals(dataset) || Files.isRegularFile(Path.of(dataset));
    }
}
