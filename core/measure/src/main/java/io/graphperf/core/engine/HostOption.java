package io.graphperf.core.engine;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * An option of the engine host graphperf starts, as a variant or a matrix cell names it beside an engine's own settings
 * ({@code --variant big:page-cache=4g}, a cell's {@code log-dir}): the same four for every engine, read once into a {@link Choice}.
 * Code switches over these instead of comparing keys, so an option added here fails to compile where it is not answered.
 */
public enum HostOption {
    HEAP("heap"), PAGE_CACHE("page-cache"), DATA_DIR("data-dir"), TX_LOG_DIR("tx-log-dir");

    private final String key;

    HostOption(String key) {
        this.key = key;
    }

    /** The option as written in --variant, a matrix cell's settings and run.json's variant settings. */
    public String key() {
        return key;
    }

    /** The option a key names, or empty (an engine's own setting, e.g. {@code db.tx_log.rotation.size}). */
    public static Optional<HostOption> of(String key) {
        return Arrays.stream(values()).filter(o -> o.key.equals(key)).findFirst();
    }

    /** Every option's key, in order, for messages. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(HostOption::key).toList();
    }

    /**
     * What a trial gives the engine host: the run's heap, page cache, data and log folders, with a variant's options over them
     * ({@link #with}). An empty folder is the engine's default place in the trial's folder.
     */
    public record Choice(String heap, String pageCache, Optional<Path> dataDir, Optional<Path> txLogDir) {

        /** This choice with one option set to a value as written. */
        public Choice with(HostOption option, String value) {
            return switch (option) {
                case HEAP -> new Choice(value, pageCache, dataDir, txLogDir);
                case PAGE_CACHE -> new Choice(heap, value, dataDir, txLogDir);
                case DATA_DIR -> new Choice(heap, pageCache, Optional.of(Path.of(value)), txLogDir);
                case TX_LOG_DIR -> new Choice(heap, pageCache, dataDir, Optional.of(Path.of(value)));
            };
        }
    }
}
