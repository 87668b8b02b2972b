package io.graphperf.core.engine;

/**
 * The database's page cache at one moment: capacity, pages in use and its lifetime counters.
 * Differences of two readings give what happened in between (pages faulted in, bytes read).
 */
public record PageCacheState(long pageSize, long maxPages, long usedPages, long mappedBytes,
                             long faults, long hits, long evictions, long bytesRead) {

    public long capacityBytes() {
        return maxPages * pageSize;
    }

    public long usedBytes() {
        return usedPages * pageSize;
    }
}
