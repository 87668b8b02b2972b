package io.graphperf.workloads.imports;

import java.nio.file.Path;
import java.util.List;

/**
 * E1's validated options.
 *
 * @param dataset      b2b, social, or the path of a folder of Neo4j-import CSV files
 * @param scales       generator scales (one NaN for a folder)
 * @param indexes      "Label.property" of the schema phase's plain indexes, or null for the dataset's defaults
 * @param dropOsCache  drop the operating system's file cache before each cold start (when root)
 * @param datasetCache where generated datasets are kept, or null for the run's default
 */
public record ImportOptions(String dataset, List<Double> scales, List<String> indexes, String probeLabel, int badTolerance, String maxOffHeap,
                            int defects, long datasetSeed, Path datasetCache, boolean dropOsCache) {

    public static final List<String> GENERATED = List.of("b2b", "social");

    public boolean generated() {
        return GENERATED.contains(dataset);
    }
}
