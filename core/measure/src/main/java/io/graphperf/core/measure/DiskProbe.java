package io.graphperf.core.measure;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What reaches the disk during a phase: an experiment takes a {@link Snapshot} before the phase and asks for the
 * figures since it afterwards, as results.csv columns ({@code write_bytes}, {@code read_bytes}, {@code write_syscalls},
 * {@code mean_write_bytes}, and where graphperf made the filesystem, the block device's {@code device_*} figures);
 * {@link #diskUse()} gives the space the store takes on the filesystems graphperf made ({@code disk_bytes}).
 */
public interface DiskProbe {

    /** Counters at one moment; opaque to the experiment. */
    interface Snapshot {
    }

    Snapshot snapshot();

    /** The figures from {@code start} until now, by results.csv column. */
    Map<String, Double> since(Snapshot start);

    /** Space used on the filesystems graphperf made for this trial, by column (empty when it made none). */
    default Map<String, Double> diskUse() {
        return Map.of();
    }

    /** The process-level figures only (graphperf's process tree, see {@link ProcessIo}), for runs on the machine's own disks. */
    DiskProbe PROCESSES = new DiskProbe() {
        @Override
        public Snapshot snapshot() {
            return ProcessIo.tree();
        }

        @Override
        public Map<String, Double> since(Snapshot start) {
            return ProcessIo.tree().minus((ProcessIo) start).columns();
        }
    };

    /** Both probes' figures in one map. */
    static Map<String, Double> merged(Map<String, Double> a, Map<String, Double> b) {
        Map<String, Double> m = new LinkedHashMap<>(a);
        m.putAll(b);
        return m;
    }
}
