package io.graphperf.storage;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Machine;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Checks, before anything starts, that filesystems can be made: root (loop devices, mkfs, mount) and every program the
 * matrix's kinds need. A failure names what is missing and the command that installs it.
 */
public final class Requirements {

    private Requirements() {
    }

    public static boolean isRoot() {
        return Machine.isRoot();
    }

    /** Whether a program is on the PATH (or in /sbin, /usr/sbin, where Debian puts mkfs and losetup). */
    public static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/sbin:/usr/sbin";
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }

    /** Throws, naming what is needed, unless this process is root and has every program the filesystems need. */
    public static void check(Collection<FilesystemSpec> filesystems, String forWhat) {
        problem(filesystems, forWhat, isRoot(), Requirements::onPath).ifPresent(why -> {
            throw new UserError(why);
        });
    }

    /** What is missing, in words with the commands that fix it; empty when nothing is. */
    static Optional<String> problem(Collection<FilesystemSpec> filesystems, String forWhat, boolean root, Predicate<String> onPath) {
        if (filesystems.isEmpty()) return Optional.empty();
        Map<String, String> missing = new TreeMap<>();
        for (FilesystemSpec f : filesystems) {
            f.tools().forEach((tool, pkg) -> {
                if (!onPath.test(tool)) missing.put(tool, pkg);
            });
        }
        StringBuilder why = new StringBuilder();
        if (!root) {
            why.append(forWhat).append(" makes filesystems on loop devices (losetup, mkfs, mount), which needs root: run graphperf as root (e.g. sudo ./graphperf …)");
        }
        if (!missing.isEmpty()) {
            if (why.length() > 0) why.append("; also, ");
            else why.append(forWhat).append(": ");
            why.append("missing ").append(String.join(", ", missing.keySet())).append(" — install with: apt-get install ")
                    .append(String.join(" ", new TreeSet<>(missing.values())));
        }
        return why.length() > 0 ? Optional.of(why + ". Nothing was started.") : Optional.empty();
    }
}
