package io.graphperf.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Each engine module's host for the release archive, found rather than listed: a module whose build left
 * {@code target/dist/MODULE-classpath.txt} (its host's class path, relative to the archive's root) has its host jar
 * {@code target/graphperf-MODULE.jar} and that list staged as {@code engines/MODULE/target/} — where the CLI looks for them — under
 * the staging folder, which the assembly takes whole. So a new engine with a host of its own reaches the archive with no line here.
 * <p>
 * {@code java io.graphperf.dist.EngineHosts ENGINES_FOLDER STAGING_FOLDER}
 */
public final class EngineHosts {

    private EngineHosts() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) throw new IllegalArgumentException("usage: EngineHosts ENGINES_FOLDER STAGING_FOLDER");
        Path engines = Path.of(args[0]), staging = Path.of(args[1]);
        List<String> staged = stage(engines, staging);
        if (staged.isEmpty()) throw new IOException("no engine module in " + engines + " left target/dist/MODULE-classpath.txt");
        System.out.println("EngineHosts: staged " + String.join(", ", staged));
    }

    /** Stages every module's host jar and class path list; returns the modules' names. */
    static List<String> stage(Path engines, Path staging) throws IOException {
        try (Stream<Path> modules = Files.list(engines)) {
            List<String> staged = new ArrayList<>();
            for (Path module : modules.sorted().toList()) {
                String name = module.getFileName().toString();
                Path list = module.resolve("target/dist/" + name + "-classpath.txt");
                if (!Files.isRegularFile(list)) continue;
                Path jar = module.resolve("target/graphperf-" + name + ".jar");
                if (!Files.isRegularFile(jar)) throw new IOException(list + " is there but not its host jar " + jar);
                Path to = Files.createDirectories(staging.resolve("engines").resolve(name).resolve("target"));
                Files.copy(jar, to.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                Files.copy(list, to.resolve(list.getFileName()), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                staged.add(name);
            }
            return staged;
        }
    }
}
