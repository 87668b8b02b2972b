package io.graphperf.engines.neo4j.procedures;

import org.neo4j.io.pagecache.PageCache;
import org.neo4j.io.pagecache.PagedFile;
import org.neo4j.io.pagecache.tracing.PageCacheTracer;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Procedure;

import java.io.IOException;
import java.util.stream.Stream;

/**
 * {@code CALL graphperf.pageCache()}: how full Neo4j's page cache is and its lifetime counters, so a
 * warm-up study can say how much of the store is cached and a probe query how many pages it faulted
 * in. Neo4j Community exposes none of this over Cypher; the counters are the page cache's own.
 */
public final class PageCacheProcedure {

    @Context
    public GraphDatabaseAPI db;

    /**
     * @param pageSize     bytes per page
     * @param maxPages     pages the cache can hold (its configured size)
     * @param usedPages    pages holding data now (max minus free)
     * @param mappedBytes  bytes of every file mapped into the cache now (store files and native indexes)
     * @param faults       pages read from disk since start
     * @param hits         page accesses served from memory since start
     * @param evictions    pages evicted since start
     * @param bytesRead    bytes read from disk into the cache since start
     */
    public record State(long pageSize, long maxPages, long usedPages, long mappedBytes, long mappedFiles,
                        long faults, long hits, long evictions, long bytesRead) {
    }

    @Procedure(name = "graphperf.pageCache", mode = Mode.READ)
    @Description("graphperf: page cache size, pages in use, bytes of mapped files and lifetime fault/hit/eviction counters")
    public Stream<State> pageCache() throws IOException {
        var resolver = db.getDependencyResolver();
        PageCache cache = resolver.resolveDependency(PageCache.class);
        PageCacheTracer tracer = resolver.resolveDependency(PageCacheTracer.class);
        long mapped = 0, files = 0;
        for (PagedFile f : cache.listExistingMappings()) {
            mapped += f.fileSize();
            files++;
        }
        long max = cache.maxCachedPages();
        return Stream.of(new State(cache.pageSize(), max, max - cache.freePages(), mapped, files,
                tracer.faults(), tracer.hits(), tracer.evictions(), tracer.bytesRead()));
    }
}
