package io.graphperf.workloads.imports;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.graphperf.core.results.Reference;
import io.graphperf.core.report.Format;

import java.util.List;
import java.util.Map;

/**
 * E1 at one dataset scale: the bulk import, the schema build, the cold start and the warm-up, each
 * measured by graphperf around the engine's own tools.
 *
 * @param startSeconds   from starting the server process on the imported store until it answered a query
 * @param osCacheDropped whether the operating system's file cache was dropped before each cold start
 *                       (needs root); without it "cold" means Neo4j's page cache only, and warm-up MB/s
 *                       may be reads from memory (flagged)
 * @param ownWorkSeconds graphperf's own work in this study besides the engine's tools: layout detection,
 *                       parsing the importer's output, reading store sizes, sampling probe keys
 * @param references     the published study's figures, keyed by what they compare with
 *                       ({@link #IMPORT_ROWS_PER_CORE}, {@link #WARMUP_MB_PER_SECOND}, {@link #CONSTRAINT_ROWS_PER_SECOND})
 * @param warmupOrder    the order the warm-up methods ran in (alternated across repeats)
 * @param diskIo         what reached the disk in each phase ("import", "schema", "cold-start", "warm-up METHOD"), by
 *                       results.csv column; "import" also has the space the store took after it (disk_bytes) where
 *                       graphperf made the filesystem
 * @param notExpressible phases the engine cannot do ("schema", "warm-up"), with why (empty for Neo4j)
 */
public record ImportStudyResult(@JsonUnwrapped Data data, ImportPhase importPhase, double startSeconds, List<SchemaStep> schema,
                                List<WarmupResult> warmups, List<ProbeResult> probes, boolean osCacheDropped, double ownWorkSeconds,
                                Map<String, Reference> references, List<String> warmupOrder, Map<String, Map<String, Double>> diskIo,
                                Map<String, String> notExpressible) {

    /**
     * The dataset imported: which, at what scale, where, and what generating it took.
     *
     * @param dataset           b2b, social, or the path of a user's CSV folder
     * @param scale             the generator's scale factor, NaN for a user's folder
     * @param generationSeconds graphperf generating the CSV files; NaN when an earlier generation was reused
     */
    public record Data(String dataset, double scale, String datasetDir, double generationSeconds) {
    }

    public String dataset() {
        return data.dataset();
    }

    public double scale() {
        return data.scale();
    }

    public String datasetDir() {
        return data.datasetDir();
    }

    public double generationSeconds() {
        return data.generationSeconds();
    }


    public ImportStudyResult {
        diskIo = diskIo == null ? Map.of() : diskIo;
        notExpressible = notExpressible == null ? Map.of() : notExpressible;
    }

    /** The I/O columns of one phase (empty when not measured). */
    public Map<String, Double> io(String phase) {
        return diskIo.getOrDefault(phase, Map.of());
    }

    public static final String IMPORT_ROWS_PER_CORE = "import rows/s per core";
    public static final String WARMUP_MB_PER_SECOND = "warm-up MB/s";
    public static final String CONSTRAINT_ROWS_PER_SECOND = "constraint build rows/s (big labels)";

    public double schemaSeconds() {
        return schema.stream().mapToDouble(SchemaStep::onlineSeconds).sum();
    }

    /** A short label for tables: "b2b 0.01" or the folder's name. */
    public String label() {
        return Double.isNaN(scale()) ? dataset() : dataset() + " " + Format.scale(scale());
    }
}
