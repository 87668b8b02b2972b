package io.graphperf.workloads.options;

import io.graphperf.core.engine.HostOption;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The engine graphperf starts (Neo4j 5.26 in a child JVM): memory, folders, ports, settings. */
public final class EngineOptions {

    @Option(names = "--heap", description = "Engine heap (default: 1g).")
    public String heap;
    @Option(names = "--page-cache", description = "Engine page cache (default: 512m); an engine other than Neo4j gives it to its own cache (its buffer pool, disk cache: docs/engines.md).")
    public String pageCache;
    @Option(names = "--data-dir", paramLabel = "DIR", description = "Data folder (default: inside the results folder); graphperf creates and deletes only its own graphperf-* subfolder.")
    public Path dataDir;
    @Option(names = "--tx-log-dir", paramLabel = "DIR", description = "Transaction-log folder, e.g. on another disk (default: under the data folder).")
    public Path txLogDir;
    @Option(names = "--bolt-port", description = "Bolt port (default: a free one).")
    public Integer boltPort;
    @Option(names = "--http-port", description = "HTTP port (default: a free one).")
    public Integer httpPort;
    @Option(names = "--setting", paramLabel = "KEY=VALUE", description = "Extra engine setting (repeatable); graphperf.* keys configure graphperf's plugins (written to graphperf.conf); ENGINE.KEY=VALUE is a setting of that engine's module (docs/engines.md lists them).")
    public Map<String, String> settings = new LinkedHashMap<>();
    @Option(names = "--keep-store", description = "Keep the stores after the run (default: deleted, the engines' logs kept).")
    public boolean keepStore;

    public String heapOrDefault() {
        return heap == null ? "1g" : heap;
    }

    public String pageCacheOrDefault() {
        return pageCache == null ? "512m" : pageCache;
    }

    /** What a trial of this variant gives the engine host: these options with the variant's host options ({@link HostOption}) over them. */
    public HostOption.Choice host(Variant variant) {
        HostOption.Choice host = new HostOption.Choice(heapOrDefault(), pageCacheOrDefault(), Optional.ofNullable(dataDir), Optional.ofNullable(txLogDir));
        for (Map.Entry<String, String> s : variant.settings().entrySet()) {
            Optional<HostOption> option = HostOption.of(s.getKey());
            if (option.isPresent()) host = host.with(option.get(), s.getValue());
        }
        return host;
    }

    /** Options given that only the engine graphperf starts understands (an error together with --server); empty when none is. */
    public Optional<String> embeddedOnlyGiven() {
        if (heap != null) return Optional.of("--heap");
        if (pageCache != null) return Optional.of("--page-cache");
        if (dataDir != null) return Optional.of("--data-dir");
        if (txLogDir != null) return Optional.of("--tx-log-dir");
        if (boltPort != null) return Optional.of("--bolt-port");
        if (httpPort != null) return Optional.of("--http-port");
        if (!settings.isEmpty()) return Optional.of("--setting");
        return Optional.empty();
    }
}
