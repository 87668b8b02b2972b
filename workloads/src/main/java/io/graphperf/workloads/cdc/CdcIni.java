package io.graphperf.workloads.cdc;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The tester's ini file ({@code --config cdc.ini}), in the form testers of change streams keep: sections {@code [producer]}, {@code [broker]} and
 * {@code [consumer]}; {@code key = value} lines; {@code #} and {@code ;} start comments. Keys starting with {@code kafka.} pass a
 * setting to the Kafka producer, broker or consumer; any other key must be one of the section's own. A wrong key or line is
 * an error naming the file and line.
 * <pre>
 * [producer]
 * unit = 1000
 * multipliers = 1,10,100,1000
 * repeats = 5
 * rate = 10000            # the open model; also duration, tx_size
 * clients = 16            # clients of the open model and the fault rounds
 * fault_rate = 100        # transactions a second in a fault round
 * kafka.linger.ms = 5
 * [broker]
 * partitions = 3
 * replication_factor = 1
 * bootstrap_servers = kafka1:9092     # a cluster of yours instead of graphperf's broker
 * kafka.log.flush.interval.messages = 1
 * [consumer]
 * batch_size = 5000
 * kafka.fetch.min.bytes = 1
 * </pre>
 */
final class CdcIni {

    static final Map<String, Set<String>> KEYS = Map.of(
            "producer", Set.of("unit", "multipliers", "repeats", "rate", "duration", "tx_size", "topic", "clients", "fault_rate"),
            "broker", Set.of("partitions", "replication_factor", "bootstrap_servers", "heap"),
            "consumer", Set.of("batch_size"));

    /** Section → key → value, with the line each came from for messages. */
    record Value(String value, int line) {
    }

    final Path file;
    final Map<String, Map<String, Value>> sections = new LinkedHashMap<>();

    private CdcIni(Path file) {
        this.file = file;
    }

    static CdcIni read(Path file) {
        CdcIni ini = new CdcIni(file);
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UserError("cannot read " + file + " (option --config): " + e.getMessage());
        }
        String section = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = strip(lines.get(i));
            int n = i + 1;
            if (line.isEmpty()) continue;
            if (line.startsWith("[")) {
                if (!line.endsWith("]")) throw new UserError(file + ":" + n + ": a section header is [name]: " + line);
                section = line.substring(1, line.length() - 1).trim();
                if (!KEYS.containsKey(section)) {
                    throw new UserError(file + ":" + n + ": unknown section [" + section + "]; known: [producer], [broker], [consumer]");
                }
                ini.sections.computeIfAbsent(section, s -> new LinkedHashMap<>());
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) throw new UserError(file + ":" + n + ": expected key = value, found: " + line);
            if (section == null) throw new UserError(file + ":" + n + ": a setting before any section; start with [producer], [broker] or [consumer]");
            String key = line.substring(0, eq).trim(), value = line.substring(eq + 1).trim();
            if (!key.startsWith("kafka.") && !KEYS.get(section).contains(key)) {
                throw new UserError(file + ":" + n + ": unknown key '" + key + "' in [" + section + "]; known: " + String.join(", ", new TreeSet<>(KEYS.get(section)))
                        + ", or kafka.<setting> for the Kafka " + (section.equals("broker") ? "broker" : section));
            }
            if (key.equals("kafka.")) throw new UserError(file + ":" + n + ": kafka. needs a Kafka setting's name after it");
            ini.sections.get(section).put(key, new Value(value, n));
        }
        return ini;
    }

    private static String strip(String line) {
        String s = line.trim();
        if (s.startsWith("#") || s.startsWith(";")) return "";
        int c = s.indexOf(" #");
        if (c < 0) c = s.indexOf(" ;");
        return c < 0 ? s : s.substring(0, c).trim();
    }

    /** A value, or null. */
    Value get(String section, String key) {
        return sections.getOrDefault(section, Map.of()).get(key);
    }

    /** The kafka.* settings of a section, without the prefix. */
    Map<String, String> kafka(String section) {
        Map<String, String> m = new LinkedHashMap<>();
        sections.getOrDefault(section, Map.of()).forEach((k, v) -> {
            if (k.startsWith("kafka.")) m.put(k.substring("kafka.".length()), v.value());
        });
        return m;
    }

    int integer(String section, String key, int dflt, int min) {
        Value v = get(section, key);
        if (v == null) return dflt;
        try {
            int i = Integer.parseInt(v.value());
            if (i < min) throw new NumberFormatException();
            return i;
        } catch (NumberFormatException e) {
            throw new UserError(file + ":" + v.line() + ": " + key + " = " + v.value() + " must be a whole number of at least " + min);
        }
    }

    String where(String section, String key) {
        Value v = get(section, key);
        return v == null ? file.toString() : file + ":" + v.line();
    }
}
