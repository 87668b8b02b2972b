package io.graphperf.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every method of graphperf's main code (constructors and lambdas' enclosing methods included) at most {@value #MAX_LINES} lines,
 * its signature to its closing brace: a method that grows past it mixes concerns and is cut into the steps it takes. Read from the
 * sources (comments and string literals blanked, braces matched); the rule is also run on a method made to break it.
 */
class MethodLengthTest {

    static final int MAX_LINES = 60;
    private static final Path HOME = Path.of(System.getProperty("graphperf.home", "..")).toAbsolutePath().normalize();
    private static final Set<String> NOT_METHODS = Set.of("if", "for", "while", "switch", "catch", "synchronized", "try", "else", "do", "return",
            "new", "throw", "case");
    private static final Pattern HEADER = Pattern.compile("(\\w+)\\s*\\([^()]*(?:\\([^()]*\\)[^()]*)*\\)\\s*(?:throws[\\w\\s,.]+)?\\s*$");
    private static final Pattern TYPE = Pattern.compile("\\b(record|class|interface|enum)\\b");

    @Test
    void everyMethodOfTheMainCodeIsShortEnough() throws IOException {
        List<Path> sources = new ArrayList<>();
        for (Path root : sourceRoots()) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(sources::add);
            }
        }
        assertTrue(sources.size() > 300, "graphperf's sources found under " + HOME + ": " + sources.size());
        List<String> tooLong = new ArrayList<>();
        for (Path p : sources) {
            for (String m : longMethods(Files.readString(p))) tooLong.add(HOME.relativize(p) + ": " + m);
        }
        assertEquals(List.of(), tooLong, "methods longer than " + MAX_LINES + " lines: cut each into the steps it takes");
    }

    /** Each module's src/main/java, modules one or two folders deep (cli, core/measure): nothing else is walked (results, .git). */
    private static List<Path> sourceRoots() throws IOException {
        List<Path> roots = new ArrayList<>();
        try (Stream<Path> top = Files.list(HOME)) {
            for (Path d : top.filter(d -> Files.isDirectory(d) && !d.getFileName().toString().startsWith(".")).sorted().toList()) {
                if (Files.isDirectory(d.resolve("src/main/java"))) roots.add(d.resolve("src/main/java"));
                try (Stream<Path> sub = Files.list(d)) {
                    sub.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).sorted().forEach(m -> roots.add(m.resolve("src/main/java")));
                }
            }
        }
        return roots;
    }

    @Test
    void theRuleFindsAMethodMadeTooLong() {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < MAX_LINES; i++) body.append("        x += \"}{\".length(); // {\n");
        String source = "class A {\n    record R(int a) {\n    }\n    int shortOne() {\n        return 1;\n    }\n    int longOne(int x) throws Exception {\n"
                + body + "        return x;\n    }\n    Runnable r = () -> {\n    };\n}\n";
        assertEquals(List.of("longOne (" + (MAX_LINES + 3) + " lines, from line 7)"), longMethods(source));
    }

    /** The methods of one source longer than {@link #MAX_LINES}: name, length, first line. */
    static List<String> longMethods(String source) {
        String s = blank(source);
        List<String> out = new ArrayList<>();
        Deque<int[]> open = new ArrayDeque<>(); // {is a method, its first line}
        Deque<String> names = new ArrayDeque<>();
        int line = 1, last = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                line++;
            } else if (c == '{') {
                String header = s.substring(last, i);
                Matcher m = HEADER.matcher(header);
                boolean method = m.find() && !NOT_METHODS.contains(m.group(1)) && !TYPE.matcher(header).find() && !header.contains("->")
                        && !header.strip().matches("(?s).*\\bnew\\s+[\\w.<>]+\\s*\\(.*\\)\\s*$");
                open.push(new int[] {method ? 1 : 0, line});
                names.push(method ? m.group(1) : "");
                last = i + 1;
            } else if (c == '}') {
                if (!open.isEmpty()) {
                    int[] o = open.pop();
                    String name = names.pop();
                    int length = line - o[1] + 1;
                    if (o[0] == 1 && length > MAX_LINES) out.add(name + " (" + length + " lines, from line " + o[1] + ")");
                }
                last = i + 1;
            } else if (c == ';') {
                last = i + 1;
            }
        }
        return out;
    }

    /** The source with comments, string and character literals and text blocks blanked out, its line breaks kept. */
    static String blank(String src) {
        StringBuilder b = new StringBuilder(src.length());
        int i = 0, n = src.length();
        while (i < n) {
            int end;
            if (src.startsWith("//", i)) {
                end = src.indexOf('\n', i);
                end = end < 0 ? n : end;
            } else if (src.startsWith("/*", i)) {
                end = src.indexOf("*/", i + 2) + 2;
            } else if (src.startsWith("\"\"\"", i)) {
                end = src.indexOf("\"\"\"", i + 3) + 3;
            } else if (src.charAt(i) == '"' || src.charAt(i) == '\'') {
                char q = src.charAt(i);
                end = i + 1;
                while (end < n && src.charAt(end) != q) end += src.charAt(end) == '\\' ? 2 : 1;
                end++;
            } else {
                b.append(src.charAt(i++));
                continue;
            }
            for (int k = i; k < Math.min(end, n); k++) b.append(src.charAt(k) == '\n' ? '\n' : ' ');
            i = Math.min(end, n);
        }
        return b.toString();
    }
}
