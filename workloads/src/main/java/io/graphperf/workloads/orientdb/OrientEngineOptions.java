package io.graphperf.workloads.orientdb;

import io.graphperf.core.UserError;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.Map;

/** The OrientDB engine host's options, shared by the OrientDB experiments' commands. */
public final class OrientEngineOptions {

    @Option(names = "--disk-cache", paramLabel = "MB", description = "OrientDB's disk cache, storage.diskCache.bufferSize in MB (default: 256).")
    Integer diskCache;
    @Option(names = "--heap", paramLabel = "SIZE", description = "Heap of the OrientDB engine host JVM (default: 1g).")
    String heap;
    @Option(names = "--setting", paramLabel = "KEY=VALUE", description = "An OrientDB setting, e.g. storage.compressionMethod=gzip; repeatable.")
    Map<String, String> settings = new LinkedHashMap<>();

    int diskCacheMb() {
        int cache = diskCache == null ? 256 : diskCache;
        if (cache < 16) throw new UserError("--disk-cache " + cache + ": at least 16 (MB)");
        return cache;
    }

    String heapOrDefault() {
        return heap == null ? "1g" : heap;
    }

    Map<String, String> settings() {
        for (String k : settings.keySet()) {
            if (!k.startsWith("storage.") && !k.startsWith("db.") && !k.startsWith("index.") && !k.startsWith("memory.") && !k.startsWith("tx."))
                throw new UserError("--setting " + k + ": not an OrientDB setting (they start with storage., db., index., memory. or tx.)");
        }
        return settings;
    }
}
