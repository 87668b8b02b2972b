package io.graphperf.core.engine;

import java.nio.file.Path;
import java.util.Map;

/**
 * An engine that imports a database from its own export format (OrientDB's JSON export), which E3's study times phase by phase
 * ({@code graphperf run import --dataset export}). An {@link Engines} that offers it implements this interface; the study calls each
 * step and times it from its side, the engine only executes.
 */
public interface ExportImport {

    /** The export format, for help and reports (e.g. "OrientDB's JSON export"). */
    String exportFormat();

    /**
     * Writes a deterministic generated database's export to {@code file} (the same scale and seed give the same records).
     *
     * @return records per class, the oracle an import of it is checked against
     */
    Map<String, Long> generateExport(Path file, double scale, long seed) throws Exception;

    /** Where store {@code store} lives (its data files). */
    Path storeDir(String store);

    /** Where the engine's write-ahead log goes when the run puts it apart (a log filesystem, --tx-log-dir), or null: in the store. */
    Path walDir();

    /** Starts the engine with no database open: what the caller times as the engine's start. */
    Session startSession() throws Exception;

    /** A started engine, one call per phase. */
    interface Session extends AutoCloseable {

        /** Opens the database in {@code store}, creating it when new. */
        void open(Path store) throws Exception;

        /** Imports the export at {@code file} into the open database (schema, records, indexes). */
        void importExport(Path file) throws Exception;

        /** Closes the open database: its caches flushed, its log ended. */
        void closeDatabase() throws Exception;

        /** Records per class of the open database (the engine's own classes left out). */
        Map<String, Long> countRecords() throws Exception;

        /** Entries per index of the open database (the engine's own left out). */
        Map<String, Long> indexEntries() throws Exception;

        /** Stops the engine. */
        @Override
        void close();
    }
}
