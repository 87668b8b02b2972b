package io.graphperf.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A block device's counters ({@code /sys/block/DEV/stat}): requests completed and sectors (512 bytes) moved, as the
 * block layer saw them — what reached the device after every cache and the filesystem's own merging.
 */
record DeviceIo(long reads, long readSectors, long writes, long writeSectors) {

    static final DeviceIo ZERO = new DeviceIo(0, 0, 0, 0);

    /** @param device e.g. "/dev/loop3" */
    static DeviceIo of(String device) {
        try {
            String[] f = Files.readString(Path.of("/sys/block", Path.of(device).getFileName().toString(), "stat")).trim().split("\\s+");
            return new DeviceIo(Long.parseLong(f[0]), Long.parseLong(f[2]), Long.parseLong(f[4]), Long.parseLong(f[6]));
        } catch (IOException | RuntimeException e) {
            return ZERO;
        }
    }

    DeviceIo plus(DeviceIo o) {
        return new DeviceIo(reads + o.reads, readSectors + o.readSectors, writes + o.writes, writeSectors + o.writeSectors);
    }

    DeviceIo minus(DeviceIo o) {
        return new DeviceIo(reads - o.reads, readSectors - o.readSectors, writes - o.writes, writeSectors - o.writeSectors);
    }

    Map<String, Double> columns() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("device_write_bytes", writeSectors * 512.0);
        m.put("device_writes", (double) writes);
        m.put("device_mean_write_bytes", writes == 0 ? Double.NaN : writeSectors * 512.0 / writes);
        m.put("device_read_bytes", readSectors * 512.0);
        m.put("device_reads", (double) reads);
        return m;
    }
}
