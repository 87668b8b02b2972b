package io.graphperf.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every package of the main code says what it holds and what it may use, in its package-info.java (docs/layout.md has the map). */
class PackageInfoTest {

    @Test
    void everyMainPackageHasItsPackageInfo() throws Exception {
        Path root = DocsCommandsTest.ROOT;
        List<Path> packages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/") && !p.toString().contains("/target/"))
                    .map(Path::getParent).distinct().forEach(packages::add);
        }
        List<String> missing = new ArrayList<>();
        for (Path pkg : packages) {
            Path info = pkg.resolve("package-info.java");
            if (!Files.isRegularFile(info)) missing.add(root.relativize(pkg) + ": no package-info.java");
            else if (!Files.readString(info).contains("May use:")) missing.add(root.relativize(info) + ": says nothing of what the package may use");
        }
        assertTrue(packages.size() >= 40, "the main packages were found: " + packages.size());
        assertTrue(missing.isEmpty(), String.join("\n", missing));
    }
}
