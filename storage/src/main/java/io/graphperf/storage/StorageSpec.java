package io.graphperf.storage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The storage of one matrix cell: the filesystem graphperf makes for the database's data (null: the run's own folder or
 * the cell's data folder), the one for its transaction log / WAL (null: in the data folder), and the user's hooks.
 */
public record StorageSpec(FilesystemSpec data, FilesystemSpec log, String setup, String teardown, Duration hookTimeout) {

    public static final Duration DEFAULT_HOOK_TIMEOUT = Duration.ofMinutes(5);

    public List<FilesystemSpec> filesystems() {
        List<FilesystemSpec> l = new ArrayList<>();
        if (data != null) l.add(data);
        if (log != null) l.add(log);
        return l;
    }

    public boolean empty() {
        return data == null && log == null && setup == null && teardown == null;
    }
}
