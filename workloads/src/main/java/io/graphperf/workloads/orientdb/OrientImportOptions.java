package io.graphperf.workloads.orientdb;

import java.nio.file.Path;
import java.util.Map;

/**
 * E3's options.
 *
 * @param export        a user's OrientDB JSON export, or null to generate one at {@code scale}
 * @param diskCacheMb   storage.diskCache.bufferSize, always set (OrientDB takes most of the RAM otherwise)
 * @param settings      more OrientDB settings (storage.compressionMethod, storage.wal.*, …)
 */
public record OrientImportOptions(Path export, double scale, long datasetSeed, int diskCacheMb, String heap, Map<String, String> settings,
                                  Path datasetCache, boolean keepStore) {
}
