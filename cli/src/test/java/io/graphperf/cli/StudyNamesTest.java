package io.graphperf.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A study's queries, statements and steps are named by the study's types (studies/): no main code elsewhere names an E2 query by its
 * id string ("q07"), and no engine module picks a scenario out by its id (s.id().equals("…"), startsWith, contains) — it switches
 * over the study's enums, so that a new query or statement fails to compile where it is not answered. Each pattern is also shown to
 * match a line that breaks it, so that a pattern that cannot match is caught.
 */
class StudyNamesTest {

    private static final Pattern QUERY_ID = Pattern.compile("\"q\\d{2}\"");
    private static final Pattern SCENARIO_BY_ID = Pattern.compile("\\.id\\(\\)\\s*\\.\\s*(equals|startsWith|contains)\\(\"");

    @Test
    void queriesAndScenariosAreNamedByTheStudysTypesOnly() throws Exception {
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> all = Files.walk(DocsCommandsTest.ROOT)) {
            for (Path p : all.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/") && !f.toString().contains("/target/")).toList()) {
                String rel = DocsCommandsTest.ROOT.relativize(p).toString();
                if (rel.startsWith("studies/")) continue;
                files++;
                List<String> lines = Files.readAllLines(p);
                for (int i = 0; i < lines.size(); i++) {
                    String l = lines.get(i);
                    if (QUERY_ID.matcher(l).find()) found.add(rel + ":" + (i + 1) + " names a query by its id: " + l.strip());
                    if (rel.startsWith("engines/") && SCENARIO_BY_ID.matcher(l).find()) found.add(rel + ":" + (i + 1) + " picks a scenario by its id: " + l.strip());
                }
            }
        }
        assertTrue(files > 300, "main sources read: " + files);
        assertTrue(found.isEmpty(), String.join("\n", found));
    }

    @Test
    void thePatternsCatchWhatTheyForbid() {
        assertTrue(QUERY_ID.matcher("Map.entry(\"q07\", text)").find());
        assertTrue(SCENARIO_BY_ID.matcher("if (s.id().equals(\"foreach-100\")) return").find());
        assertTrue(SCENARIO_BY_ID.matcher("s.id().startsWith(\"tx1000\")").find());
        assertFalse(QUERY_ID.matcher("case Q07 -> text;").find());
    }
}
