package io.graphperf.cli;

import io.graphperf.core.results.Validity;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README and docs/ stay true to the code: every graphperf command in their code blocks parses against the CLI as it is
 * (each option known to that subcommand, each value of the right type), every script and example file they name exists,
 * and every link between the pages reaches a file.
 */
class DocsCommandsTest {

    static final Path ROOT = Path.of(System.getProperty("graphperf.home", "..")).toAbsolutePath().normalize();
    static final Pattern COMMAND = Pattern.compile("^(?:[A-Z][A-Z0-9_]*=\\S+ )*(?:sudo )?\\./graphperf(\\s.*)?$|^graphperf\\s(run|datagen|compare|report|list|overhead|agent|merge|k8s)\\b.*$");
    static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
    static final Pattern FILE = Pattern.compile("(?<![\\w/.-])((?:bench|examples)/[\\w.-]+)");

    @Test
    void everyCommandInTheDocsParses() throws Exception {
        List<String> failures = new ArrayList<>();
        int commands = 0;
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            boolean code = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) {
                    code = !code;
                    continue;
                }
                if (!code || !COMMAND.matcher(line).matches()) continue;
                StringBuilder text = new StringBuilder(line);
                while (text.toString().stripTrailing().endsWith("\\") && i + 1 < lines.size()) {
                    text.setLength(text.toString().stripTrailing().length() - 1);
                    text.append(' ').append(lines.get(++i).strip());
                }
                commands++;
                String where = ROOT.relativize(page) + ":" + (i + 1) + ": " + line.strip();
                try {
                    parse(args(text.toString()));
                } catch (CommandLine.ParameterException e) {
                    failures.add(where + " → " + e.getMessage());
                }
            }
        }
        assertTrue(commands >= 30, "the docs' commands were found: " + commands);
        assertThrows(CommandLine.ParameterException.class, () -> parse(args("./graphperf run import --clients 8   # E1 has no clients")),
                "an option the subcommand does not have is caught");
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void everyLinkScriptAndExampleTheDocsNameExists() throws Exception {
        List<String> missing = new ArrayList<>();
        for (Path page : pages()) {
            String text = Files.readString(page);
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("http")) continue;
                if (!Files.exists(page.getParent().resolve(target))) missing.add(ROOT.relativize(page) + ": link " + target);
            }
            Matcher f = FILE.matcher(text);
            while (f.find()) {
                if (!Files.exists(ROOT.resolve(f.group(1)))) missing.add(ROOT.relativize(page) + ": names " + f.group(1));
            }
        }
        assertTrue(missing.isEmpty(), String.join("\n", missing));
    }

    /** README.md is read in five minutes: at most 120 lines of at most 160 characters, and no commit hash or date (those are results.md's). */
    @Test
    void theReadmeIsAGuide() throws Exception {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        assertTrue(lines.size() <= 120, "README.md has " + lines.size() + " lines; details belong in docs/");
        List<String> wrong = new ArrayList<>();
        Pattern hash = Pattern.compile("(?<![\\w/.-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\\w-])");
        Pattern date = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.length() > 160) wrong.add((i + 1) + ": " + line.length() + " characters");
            if (hash.matcher(line).find()) wrong.add((i + 1) + ": a commit hash: " + line);
            if (date.matcher(line).find()) wrong.add((i + 1) + ": a date: " + line);
        }
        assertTrue(wrong.isEmpty(), "README.md: " + String.join("\n", wrong));
    }

    /**
     * Every option the pages name in running text (an inline code span that starts with it, e.g. {@code `--arrivals poisson`}) is an
     * option of some graphperf command, and every inline command ({@code `graphperf run reads --scale 1`}) parses as the code blocks'
     * do: a renamed or removed option fails here, not in a user's shell.
     */
    @Test
    void everyOptionNamedInTheTextExists() throws Exception {
        Set<String> known = new HashSet<>();
        collectOptions(Main.commandLine(), known);
        List<String> failures = new ArrayList<>();
        int options = 0, inline = 0;
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            boolean code = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) code = !code;
                if (code) continue;
                Matcher m = SPAN.matcher(line);
                while (m.find()) {
                    String span = m.group(1).strip(), where = ROOT.relativize(page) + ":" + (i + 1) + ": `" + span + "`";
                    if (span.startsWith("--") && !span.equals("--") && !span.startsWith("-- ")) {
                        options++;
                        String option = span.split("[\\s=]", 2)[0];
                        CommandLine own = pageCommand(page);
                        if (!known.contains(option)) failures.add(where + " → no graphperf command has " + option);
                        else if (own != null && !own.getCommandSpec().optionsMap().containsKey(option) && !RUN_OPTIONS.contains(option)) {
                            failures.add(where + " → `" + String.join(" ", own.getCommandSpec().qualifiedName()) + "`, the command this page is about, has no " + option);
                        }
                    } else if (INLINE_COMMAND.matcher(span).matches() && !PLACEHOLDER.matcher(span).find()) {
                        inline++;
                        // a span the text follows with "→" shows what graphperf refuses: it must be refused
                        boolean refused = line.substring(m.end()).startsWith(" →");
                        try {
                            parse(args(span));
                            if (refused) failures.add(where + " → shown as refused, but parses");
                        } catch (CommandLine.MissingParameterException e) {
                            // a command named in the text, not a whole command line
                        } catch (CommandLine.ParameterException | io.graphperf.core.UserError e) {
                            if (!refused) failures.add(where + " → " + e.getMessage());
                        }
                    }
                }
            }
        }
        assertTrue(options >= 100 && inline >= 30, "the text's options and commands were found: " + options + ", " + inline);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * The defaults the pages state (`` `--duration`, default 10 s ``, `` `--heap` (default 1g) ``) are the CLI's: the option's own
     * default value or the "default: …" its --help states, on the page's command or, on other pages, on some command that has it.
     */
    @Test
    void everyDefaultTheDocsStateIsTheClisDefault() throws Exception {
        Map<String, List<CommandLine.Model.OptionSpec>> byName = new java.util.HashMap<>();
        collectSpecs(Main.commandLine(), byName);
        List<String> wrong = new ArrayList<>();
        int stated = 0;
        for (Path page : pages()) {
            if (page.getFileName().toString().equals("results.md")) continue;
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = STATED_DEFAULT.matcher(lines.get(i));
                while (m.find()) {
                    stated++;
                    String option = m.group(1), value = normalDefault(m.group(2));
                    CommandLine own = pageCommand(page);
                    List<CommandLine.Model.OptionSpec> specs = own != null && own.getCommandSpec().findOption(option) != null
                            ? List.of(own.getCommandSpec().findOption(option)) : byName.getOrDefault(option, List.of());
                    List<String> defaults = specs.stream().map(DocsCommandsTest::cliDefault).toList();
                    if (defaults.stream().noneMatch(d -> d != null && sameDefault(d, value))) {
                        wrong.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + option + " default " + m.group(2).strip() + " — the CLI says " + defaults);
                    }
                }
            }
        }
        assertTrue(stated >= 10, "the stated defaults were found: " + stated);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    static final Pattern STATED_DEFAULT = Pattern.compile("`(--[a-z-]+)`[ ,]*\\(?default:? ([^,;)]{1,25})");
    static final Pattern HELP_DEFAULT = Pattern.compile("default:? ([^)]+)");

    /**
     * Whether a stated value is one of the CLI's defaults ("2m; 10m with --rendezvous" holds two); a number stated with the unit the
     * option is given in ("5 ms" for a default of 5 milliseconds) counts.
     */
    static boolean sameDefault(String cli, String stated) {
        for (String part : cli.split(";")) {
            String d = normalDefault(part);
            if (d.startsWith(stated) || d.matches("[0-9.]+") && stated.replaceAll("[a-z]+$", "").equals(d)) return true;
        }
        return false;
    }

    /** An option's default: its own default value, else what its description says in "(default: …)". */
    static String cliDefault(CommandLine.Model.OptionSpec o) {
        if (o.defaultValue() != null) return o.defaultValue();
        Matcher m = HELP_DEFAULT.matcher(String.join(" ", o.description()));
        return m.find() ? m.group(1) : o.initialValue() == null ? null : String.valueOf(o.initialValue());
    }

    /** A stated value without spaces, thousands separators, units' long names or a percent sign: "10 minutes" → "10m". */
    static String normalDefault(String v) {
        return v.toLowerCase(java.util.Locale.ROOT).replace("minutes", "m").replace("min", "m").replace("ops/s", "").replace("%", "")
                .replace(",", "").replaceAll("\\s+", "").replaceAll("[.:]$", "");
    }

    static void collectSpecs(CommandLine cl, Map<String, List<CommandLine.Model.OptionSpec>> into) {
        for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            for (String n : o.names()) into.computeIfAbsent(n, k -> new ArrayList<>()).add(o);
        }
        cl.getSubcommands().values().forEach(sub -> collectSpecs(sub, into));
    }

    static final Pattern SPAN = Pattern.compile("`([^`]+)`");
    /** A word the reader fills in (FILE, DIR, NAME:VERSION, RUN_A): such a span shows a shape, not a command to parse. */
    static final Pattern PLACEHOLDER = Pattern.compile("\\b[A-Z][A-Z_]{2,}\\b|<[a-zA-Z]");
    static final Pattern INLINE_COMMAND = Pattern.compile("^(?:\\./)?graphperf (run|datagen|compare|report|list|overhead|agent|merge|k8s|serve|engines|history)\\b[^…|]*$");

    /** Each experiment's page and its command: an option the page names in its text must be that command's (or graphperf run's). */
    static final Map<String, String> PAGE_COMMANDS = Map.of("import.md", "import", "reads.md", "reads", "writes.md", "writes", "cdc.md", "cdc",
            "safety.md", "safety", "workloads.md", "workload", "quick-suite.md", "quick");
    static final Set<String> RUN_OPTIONS = new HashSet<>(Main.commandLine().getSubcommands().get("run").getCommandSpec().optionsMap().keySet());

    static CommandLine pageCommand(Path page) {
        String experiment = PAGE_COMMANDS.get(page.getFileName().toString());
        return experiment == null ? null : Main.commandLine().getSubcommands().get("run").getSubcommands().get(experiment);
    }

    static void collectOptions(CommandLine cl, Set<String> into) {
        cl.getCommandSpec().options().forEach(o -> into.addAll(List.of(o.names())));
        cl.getSubcommands().values().forEach(sub -> collectOptions(sub, into));
    }

    /** The Java example of the components (docs/gateway.md) compiles against the gateway's client as it is. */
    @Test
    void theJavaExampleCompiles(@TempDir Path out) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        java.io.StringWriter errors = new java.io.StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            var units = files.getJavaFileObjects(ROOT.resolve("examples/java/GatewayExample.java").toFile());
            boolean ok = javac.getTask(errors, files, null, List.of("-d", out.toString(), "-classpath", System.getProperty("java.class.path")), null, units).call();
            assertTrue(ok, "examples/java/GatewayExample.java: " + errors);
        }
    }

    static List<Path> pages() throws Exception {
        List<Path> out = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        return out;
    }

    /** What the console and report tell a user to run to clear each kind of flag names options graphperf's run commands have. */
    @Test
    void everyFlagsRemedyNamesOptionsOfTheRunCommands() {
        CommandLine run = Main.commandLine().getSubcommands().get("run");
        List<String> unknown = new ArrayList<>();
        int named = 0;
        for (Validity.Kind k : Validity.Kind.values()) {
            Matcher m = Pattern.compile("(?<![\\w-])--[a-z][a-z-]*").matcher(k.remedy);
            while (m.find()) {
                named++;
                String option = m.group();
                if (run.getSubcommands().values().stream().noneMatch(c -> c.getCommandSpec().optionsMap().containsKey(option))) {
                    unknown.add(k.text + ": " + option);
                }
            }
        }
        assertTrue(named >= 8, "the remedies' options were found: " + named);
        assertTrue(unknown.isEmpty(), "options no run command has: " + unknown);
    }

    /** The words of a command line after "graphperf", its trailing comment left out, example files made absolute. */
    static String[] args(String line) {
        String s = line.strip().replaceFirst("^(?:[A-Z][A-Z0-9_]*=\\S+ )+", "").replaceFirst("^sudo ", "").replaceFirst("^\\./graphperf", "").replaceFirst("^graphperf", "");
        int comment = s.indexOf(" #");
        if (comment >= 0) s = s.substring(0, comment);
        List<String> out = new ArrayList<>();
        // words as a shell splits them: a single-quoted word is one ('p99 < 50ms'), its quotes taken off
        Matcher m = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(s.strip());
        while (m.find()) {
            String w = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            out.add(w.startsWith("examples/") ? ROOT.resolve(w).toString() : w);
        }
        return out.toArray(String[]::new);
    }

    /** Parses as graphperf would, without running anything: a config file's options are read in as graphperf reads them. */
    static void parse(String[] args) {
        CommandLine cl = Main.commandLine();
        cl.parseArgs(Main.resolveRun(cl, args));
    }
}
