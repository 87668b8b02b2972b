package io.graphperf.workloads.options;

import picocli.CommandLine;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses 500ms, 30s, 2m, 1h (and plain seconds). */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    @Override
    public Duration convert(String value) {
        return parse(value, "duration");
    }

    public static Duration parse(String value, String setting) {
        Matcher m = FORMAT.matcher(value == null ? "" : value.trim());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("bad duration '" + value + "' for " + setting + ": use e.g. 500ms, 30s, 2m, 1h");
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n * 1000;
        };
        return Duration.ofMillis(Math.round(millis));
    }
}
