package io.graphperf.cli;

import io.graphperf.core.engine.EngineDescriptor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine SPI's promise: an engine is its own module. Every engine module lists its descriptor for {@link java.util.ServiceLoader},
 * and its name appears in no code outside its module (comments aside): not in the CLI, not in the studies, not in core. An engine
 * built on another names it (LadybugDB on Kuzu, whose module it uses). The places that still name older engines are listed here
 * with why; the list can only shrink: an entry that no longer names its engine fails too.
 */
class EngineNamesTest {

    private static final Path HOME = Path.of(System.getProperty("graphperf.home", "..")).toAbsolutePath().normalize();
    private static final String SERVICE = "src/main/resources/META-INF/services/" + EngineDescriptor.class.getName();

    /** Files outside an engine's module that still name it in code, with why (to move into the engine modules). */
    private static final Map<String, Set<String>> KNOWN = new LinkedHashMap<>();

    static {
        // help texts that give engines as examples (the studies' texts in each dialect are the engines' modules')
        KNOWN.put("kuzu", new TreeSet<>(Set.of("engines/ladybug", "workloads/src/main/java/io/graphperf/workloads/options/EngineChoice.java",
                "workloads/src/main/java/io/graphperf/workloads/writes/WritesCommand.java",
                "workloads/src/main/java/io/graphperf/workloads/imports/ImportCommand.java",
                "workloads/src/main/java/io/graphperf/workloads/imports/ImportExperiment.java",
                "workloads/src/main/java/io/graphperf/workloads/reads/ReadsCommand.java")));
        // E3's examples (import --engine orientdb --dataset export), OrientDB's the one export format here
        KNOWN.put("orientdb", new TreeSet<>(Set.of("workloads/src/main/java/io/graphperf/workloads/imports/ImportCommand.java")));
    }

    @Test
    void everyEngineOnTheClassPathIsAModuleWithItsDescriptor() throws IOException {
        Map<String, Path> modules = modules();
        List<String> found = EngineDescriptor.all().stream().map(EngineDescriptor::name).toList();
        assertTrue(found.containsAll(List.of("kuzu", "ladybug", "arcadedb", "orientdb", "falkordb")), "the CLI finds every engine module: " + found);
        for (String name : found) assertTrue(modules.containsKey(name), name + "'s descriptor is listed by a module under engines/: " + modules);
    }

    @Test
    void anEnginesNameAppearsInNoCodeOutsideItsModule() throws IOException {
        Map<String, Path> modules = modules();
        List<Path> sources = sources();
        List<String> outside = new ArrayList<>();
        for (var e : modules.entrySet()) {
            String name = e.getKey();
            Pattern word = Pattern.compile("(?i)(?<![a-z])" + Pattern.quote(name) + "(?![a-z])");
            Set<String> known = KNOWN.getOrDefault(name, Set.of()), stillNaming = new TreeSet<>();
            for (Path f : sources) {
                if (f.startsWith(e.getValue())) continue;
                if (!word.matcher(code(Files.readString(f))).find()) continue;
                String rel = HOME.relativize(f).toString();
                String entry = known.stream().filter(k -> rel.equals(k) || rel.startsWith(k + "/")).findFirst().orElse(null);
                if (entry == null) outside.add(name + " in " + rel);
                else stillNaming.add(entry);
            }
            assertEquals(new TreeSet<>(known), stillNaming, name + ": every place listed as still naming it does (remove those that no longer do)");
        }
        assertEquals(List.of(), outside, "engine names in code outside their modules");
        assertFalse(KNOWN.containsKey("ladybug"), "LadybugDB was added through its module alone");
    }

    /** Engine name to its module's folder, from the modules' service files. */
    private static Map<String, Path> modules() throws IOException {
        Map<String, Path> out = new LinkedHashMap<>();
        try (Stream<Path> dirs = Files.list(HOME.resolve("engines"))) {
            for (Path m : dirs.sorted().toList()) {
                Path service = m.resolve(SERVICE);
                if (!Files.isRegularFile(service)) continue;
                for (String cls : Files.readAllLines(service)) {
                    if (cls.isBlank() || cls.startsWith("#")) continue;
                    for (EngineDescriptor d : EngineDescriptor.all()) if (d.getClass().getName().equals(cls.strip())) out.put(d.name(), m);
                }
            }
        }
        return out;
    }

    private static List<Path> sources() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(HOME)) {
            s.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/") && !p.toString().contains("/target/")).forEach(out::add);
        }
        return out;
    }

    /** The code of a source file: its comments taken out. */
    static String code(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
    }
}
