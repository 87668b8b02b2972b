package io.graphperf.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No public mutable static state in the main code (read from the sources): a public static field is final, holds no array, and
 * no collection, builder or counter made with {@code new} (an immutable {@code List.of}/{@code Map.of} or a record is fine). Such state is shared by every caller and
 * filled in an order nobody sees; expose a read-only view through a method instead.
 */
class NoMutableStaticsTest {

    static final Pattern NOT_FINAL = Pattern.compile("^\\s*public\\s+static\\s+(?!final\\b)(?!class\\b|interface\\b|record\\b|enum\\b|abstract\\b|sealed\\b|<)"
            + "[\\w.<>?,\\[\\] ]+\\s+\\w+\\s*(=|;)");
    /** A collection, map, builder or counter made with new (records and immutable values made with new are fine). */
    static final Pattern MUTABLE = Pattern.compile("^\\s*public\\s+static\\s+final\\s+[\\w.<>?,\\[\\] ]+\\s+\\w+\\s*=\\s*new\\s+"
            + "(\\w+(Map|List|Set|Deque|Queue|Builder|Buffer)|Atomic\\w+|\\w+\\[)\\b");
    static final Pattern ARRAY = Pattern.compile("^\\s*public\\s+static\\s+final\\s+[\\w.<>?,]+\\[\\]\\s+\\w+\\s*=");

    @Test
    void noPublicStaticFieldIsMutable() throws Exception {
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> all = Files.walk(DocsCommandsTest.ROOT)) {
            for (Path f : all.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/") && !p.toString().contains("/target/")).toList()) {
                files++;
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String l = lines.get(i);
                    if (NOT_FINAL.matcher(l).find() || MUTABLE.matcher(l).find() || ARRAY.matcher(l).find()) {
                        found.add(DocsCommandsTest.ROOT.relativize(f) + ":" + (i + 1) + ": " + l.strip());
                    }
                }
            }
        }
        assertTrue(files > 300, "the main sources were read: " + files);
        assertTrue(MUTABLE.matcher("    public static final Map<String, String> AVAILABLE = new LinkedHashMap<>();").find(), "the rule catches a shared map");
        assertTrue(NOT_FINAL.matcher("    public static int count = 0;").find(), "and a field that is not final");
        assertTrue(found.isEmpty(), "public mutable statics:\n" + String.join("\n", found));
    }
}
