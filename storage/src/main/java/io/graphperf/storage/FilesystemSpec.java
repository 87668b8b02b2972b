package io.graphperf.storage;

import io.graphperf.core.UserError;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A filesystem graphperf makes on a loop device for one cell: its kind and the kind's options, and the size of the image
 * file it lives on. Kinds: {@code ext4}, {@code ext4-encrypted} (ext4 with the encrypt feature and an fscrypt-protected
 * folder, AES-256-XTS: the analog of full-disk encryption where there is no device-mapper), {@code xfs}, {@code btrfs}
 * ({@code compress=zstd|lzo|zlib|none}, zstd:N), {@code zfs} through zfs-fuse ({@code recordsize=512..128k},
 * {@code compression=off|on|lzjb|gzip|gzip-1..9|zle}).
 *
 * @param where what the spec came from, for messages (e.g. "examples/e3.yaml: cell 8k-gzip, data")
 */
public record FilesystemSpec(String kind, Map<String, String> options, long sizeBytes, String where) {

    public static final List<String> KINDS = List.of("ext4", "ext4-encrypted", "xfs", "btrfs", "zfs");
    public static final long DEFAULT_SIZE = 2L << 30;
    private static final Set<String> ZFS_COMPRESSION = Set.of("off", "on", "lzjb", "gzip", "zle", "gzip-1", "gzip-2", "gzip-3", "gzip-4",
            "gzip-5", "gzip-6", "gzip-7", "gzip-8", "gzip-9");

    public FilesystemSpec {
        options = new TreeMap<>(options);
    }

    /**
     * From a matrix file's map: {@code kind} plus the kind's options and an optional {@code size} (e.g. 4g); every key
     * checked, so a misspelt option is an error, not a silent default.
     */
    public static FilesystemSpec parse(Map<String, String> m, long defaultSize, String where) {
        Map<String, String> o = new LinkedHashMap<>(m);
        String kind = o.remove("kind");
        if (kind == null) throw new UserError(where + ": a filesystem needs a kind: one of " + String.join(", ", KINDS));
        kind = kind.trim().toLowerCase(Locale.ROOT);
        if (!KINDS.contains(kind)) throw new UserError(where + ": unknown filesystem kind '" + kind + "'; known: " + String.join(", ", KINDS));
        String size = o.remove("size");
        long bytes = size == null ? defaultSize : parseSize(size, where + ": size");
        if (bytes < (64L << 20)) throw new UserError(where + ": size " + size + " is below 64m, too small for a database and a filesystem's own data");
        for (Map.Entry<String, String> e : o.entrySet()) {
            String k = e.getKey(), v = e.getValue().trim().toLowerCase(Locale.ROOT);
            switch (kind + ":" + k) {
                case "btrfs:compress" -> {
                    if (!v.matches("none|lzo|zlib(:[1-9])?|zstd(:([1-9]|1[0-5]))?"))
                        throw new UserError(where + ": btrfs compress '" + v + "' is not none, lzo, zlib[:1-9] or zstd[:1-15]");
                }
                case "zfs:recordsize" -> {
                    long rs = parseSize(v, where + ": recordsize");
                    if (rs < 512 || rs > 128 * 1024 || Long.bitCount(rs) != 1)
                        throw new UserError(where + ": zfs recordsize '" + v + "' must be a power of two from 512 to 128k");
                }
                case "zfs:compression" -> {
                    if (!ZFS_COMPRESSION.contains(v))
                        throw new UserError(where + ": zfs compression '" + v + "' is not one of off, on, lzjb, gzip, gzip-1..gzip-9, zle (zfs-fuse has no lz4)");
                }
                default -> throw new UserError(where + ": '" + k + "' is not an option of " + kind + "; it takes " + optionsOf(kind));
            }
            e.setValue(v);
        }
        return new FilesystemSpec(kind, o, bytes, where);
    }

    static String optionsOf(String kind) {
        return switch (kind) {
            case "btrfs" -> "size and compress";
            case "zfs" -> "size, recordsize and compression";
            default -> "size only";
        };
    }

    /** "zfs recordsize=8k compression=gzip", for tables and run.json. */
    public String describe() {
        StringBuilder b = new StringBuilder(kind);
        options.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        return b.toString();
    }

    /** The programs this kind needs, each with the Debian package that has it. */
    public Map<String, String> tools() {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("losetup", "mount");
        switch (kind) {
            case "ext4" -> t.put("mkfs.ext4", "e2fsprogs");
            case "ext4-encrypted" -> {
                t.put("mkfs.ext4", "e2fsprogs");
                t.put("fscrypt", "fscrypt");
            }
            case "xfs" -> t.put("mkfs.xfs", "xfsprogs");
            case "btrfs" -> t.put("mkfs.btrfs", "btrfs-progs");
            case "zfs" -> {
                t.put("zfs-fuse", "zfs-fuse");
                t.put("zpool", "zfs-fuse");
                t.put("zfs", "zfs-fuse");
            }
            default -> throw new IllegalStateException(kind);
        }
        return t;
    }

    /** "512m", "4g", "8k", "1048576" → bytes. */
    public static long parseSize(String s, String what) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        long mult = 1;
        if (v.endsWith("b")) v = v.substring(0, v.length() - 1);
        if (v.endsWith("k")) mult = 1L << 10;
        else if (v.endsWith("m")) mult = 1L << 20;
        else if (v.endsWith("g")) mult = 1L << 30;
        else if (v.endsWith("t")) mult = 1L << 40;
        if (mult > 1) v = v.substring(0, v.length() - 1);
        try {
            long n = Long.parseLong(v.trim());
            if (n <= 0) throw new NumberFormatException();
            return n * mult;
        } catch (NumberFormatException e) {
            throw new UserError(what + " '" + s + "' is not a size such as 512, 8k, 512m or 4g");
        }
    }
}
