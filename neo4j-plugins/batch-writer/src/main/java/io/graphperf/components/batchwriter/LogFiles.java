package io.graphperf.components.batchwriter;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The file operations a {@link DurableLog} makes: on the disk, or — in the crash test — on a file system that
 * loses everything not yet synced, as a power cut would.
 */
interface LogFiles {

    /** Opens {@code file} for reading and appending; {@code mustBeNew} fails when it exists. */
    FileChannel open(Path file, boolean mustBeNew) throws IOException;

    /** Renames atomically; durable only after {@link #syncDirectory(Path)}. */
    void move(Path from, Path to) throws IOException;

    void delete(Path file) throws IOException;

    /** Makes the directory's entries (created, renamed, deleted files) durable. */
    void syncDirectory(Path dir) throws IOException;

    LogFiles DISK = new LogFiles() {
        @Override
        public FileChannel open(Path file, boolean mustBeNew) throws IOException {
            return FileChannel.open(file, mustBeNew ? StandardOpenOption.CREATE_NEW : StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
        }

        @Override
        public void move(Path from, Path to) throws IOException {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        }

        @Override
        public void delete(Path file) throws IOException {
            Files.deleteIfExists(file);
        }

        @Override
        public void syncDirectory(Path dir) {
            // a directory's entries need their own fsync on Linux; some platforms cannot open a directory (the rename is still atomic)
            try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                d.force(true);
            } catch (IOException e) {
                // nothing more can be done there
            }
        }
    };
}
