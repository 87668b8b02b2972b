package io.graphperf.workloads.imports;

/**
 * One way of warming the page cache after a cold start.
 *
 * @param method       e.g. "apoc.warmup.run(true, true, true)"
 * @param seconds      until the warm-up returned
 * @param bytesRead    bytes the page cache read from disk meanwhile (its own counter)
 * @param cachedBytes  pages the warm-up brought into the cache (in use after − in use before) × page size
 * @param storeBytes   the database's store files on disk (transaction logs excluded)
 * @param pageCacheBytes the page cache's configured capacity
 * @param position     1 when this method ran first after the import, 2 when second (the order alternates across repeats)
 * @param osCached     the operating system's file cache was not dropped before its cold start: its reads may have come
 *                     from memory, so its MB/s is not a disk's (flagged)
 */
public record WarmupResult(String method, String description, double seconds, long bytesRead, long cachedBytes,
                           long storeBytes, long pageCacheBytes, int position, boolean osCached) {

    /** Share of the store that is in the page cache afterwards (at most 1). */
    public double cachedFraction() {
        return storeBytes <= 0 ? Double.NaN : Math.min(1.0, (double) cachedBytes / storeBytes);
    }

    public double megabytesPerSecond() {
        return bytesRead / 1e6 / seconds;
    }
}
