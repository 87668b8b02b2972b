package io.graphperf.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.graphperf.core.UserError;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A YAML config file for one experiment: its keys are the experiment's option names without "--" (and
 * {@code experiment:} to choose it), turned into command-line arguments that the command line overrides. A key
 * the experiment does not have is an error naming the file and line, never silently ignored.
 */
final class ConfigFile {

    /** One key: its line, and its value as YAML gave it. */
    record Entry(String key, int line, JsonNode value) {
    }

    private final Path file;
    private final List<Entry> entries;

    private ConfigFile(Path file, List<Entry> entries) {
        this.file = file;
        this.entries = entries;
    }

    static ConfigFile load(Path file) {
        return load(file, "config file");
    }

    /** As above, {@code kind} naming the file in errors (a workload file). */
    static ConfigFile load(Path file, String kind) {
        if (!Files.isRegularFile(file)) throw new UserError(kind + " " + file + " does not exist" + (kind.equals("config file") ? " (option --config)" : ""));
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<Entry> entries = new ArrayList<>();
        try (JsonParser p = yaml.getFactory().createParser(file.toFile())) {
            JsonToken t = p.nextToken();
            if (t == null) return new ConfigFile(file, entries);
            if (t != JsonToken.START_OBJECT) throw new UserError(kind + " " + file + " must be a map of names to values (line 1)");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int line = p.currentLocation().getLineNr();
                p.nextToken();
                entries.add(new Entry(key, line, yaml.readTree(p)));
            }
        } catch (JsonProcessingException e) {
            String hint = String.valueOf(e.getOriginalMessage()).contains("mapping values are not allowed")
                    ? " (a text holding ': ', as a Cypher map {id: $x} does, must be quoted, or written as a block: cypher: | on its own line, the text"
                    + " indented below)" : "";
            throw new UserError(kind + " " + file + " line " + e.getLocation().getLineNr() + ": not valid YAML: " + e.getOriginalMessage() + hint);
        } catch (IOException e) {
            throw new UserError("cannot read " + kind + " " + file + ": " + e.getMessage());
        }
        return new ConfigFile(file, entries);
    }

    /**
     * The {@code options:} map of a matrix file (the experiment's options, as in a config file), with the file's
     * {@code experiment:} when it names one.
     */
    static ConfigFile matrixOptions(Path file) {
        if (!Files.isRegularFile(file)) throw new UserError("matrix file " + file + " (option --matrix) does not exist");
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<Entry> entries = new ArrayList<>();
        try (JsonParser p = yaml.getFactory().createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) return new ConfigFile(file, entries);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String top = p.currentName();
                int topLine = p.currentLocation().getLineNr();
                JsonToken t = p.nextToken();
                if (top.equals("experiment")) {
                    entries.add(new Entry("experiment", topLine, yaml.readTree(p)));
                } else if (top.equals("options") && t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        int line = p.currentLocation().getLineNr();
                        p.nextToken();
                        entries.add(new Entry(key, line, yaml.readTree(p)));
                    }
                } else {
                    p.skipChildren();
                }
            }
        } catch (JsonProcessingException e) {
            throw new UserError("matrix file " + file + " is not valid YAML at line " + e.getLocation().getLineNr() + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UserError("cannot read matrix file " + file + ": " + e.getMessage());
        }
        return new ConfigFile(file, entries);
    }

    /** The experiment the file names, or null. */
    String experiment() {
        for (Entry e : entries) if (e.key().equals("experiment")) return e.value().asText();
        return null;
    }

    /**
     * The file's options as arguments for {@code command}, leaving out those given on the command line (which win).
     *
     * @param given the option names (e.g. "--clients") given on the command line
     */
    List<String> arguments(CommandSpec command, Set<String> given) {
        return arguments(command, given, List.of(), (key, value) -> value);
    }

    /** How a file's value becomes the command line's (a path made relative to the file). */
    @FunctionalInterface
    interface Values {
        String of(String key, String value);
    }

    /**
     * As above, for a file that is also the experiment's own (a workload file): its {@code sections} are left to the experiment, and each
     * option's value goes through {@code values}.
     */
    List<String> arguments(CommandSpec command, Set<String> given, List<String> sections, Values values) {
        Map<String, OptionSpec> options = new LinkedHashMap<>();
        for (OptionSpec o : command.options()) if (o.longestName().startsWith("--")) options.put(o.longestName().substring(2), o);
        List<String> args = new ArrayList<>();
        for (Entry e : entries) {
            if (e.key().equals("experiment") || e.key().equals("config") || sections.contains(e.key())) continue;
            OptionSpec o = options.get(e.key());
            if (o == null || List.of("help", "version").contains(e.key())) {
                throw new UserError((sections.isEmpty() ? "unknown config key '" : "unknown key '") + e.key() + "' in " + file + " at line " + e.line() + ": `graphperf run "
                        + command.name() + "` has no option --" + e.key() + "; known keys: " + (sections.isEmpty() ? "" : String.join(", ", sections) + ", and the options ")
                        + String.join(", ", options.keySet().stream().filter(k -> !List.of("help", "version", "config").contains(k)).toList()));
            }
            if (given.contains(o.longestName())) continue;
            JsonNode v = e.value();
            String name = o.longestName();
            String key = e.key();
            if (!o.arity().isVariable() && o.arity().max() == 0) { // a flag
                if (!v.isBoolean()) throw bad(e, "true or false");
                if (v.asBoolean()) args.add(name);
            } else if (v.isObject()) {
                v.fields().forEachRemaining(f -> args.add(name + "=" + values.of(key, f.getKey() + "=" + f.getValue().asText())));
            } else if (v.isArray()) {
                if (o.splitRegex() != null && !o.splitRegex().isEmpty()) {
                    List<String> parts = new ArrayList<>();
                    v.forEach(x -> parts.add(values.of(key, x.asText())));
                    args.add(name + "=" + String.join(",", parts));
                } else {
                    v.forEach(x -> args.add(name + "=" + values.of(key, x.asText())));
                }
            } else if (v.isNull()) {
                throw bad(e, "a value");
            } else {
                args.add(name + "=" + values.of(key, v.asText()));
            }
        }
        return args;
    }

    private UserError bad(Entry e, String expected) {
        return new UserError("bad value for config key '" + e.key() + "' in " + file + " at line " + e.line() + ": expected " + expected);
    }
}
