package io.graphperf.workloads.options;

import picocli.CommandLine;

import java.time.Duration;

/**
 * A warm-up as the user gives it: {@code auto} (until steady, capped) or a fixed duration such as {@code 30s}.
 *
 * @param fixed the fixed duration, or null for auto
 */
public record WarmupSpec(Duration fixed) {

    public static final WarmupSpec AUTO = new WarmupSpec(null);

    public boolean auto() {
        return fixed == null;
    }

    @Override
    public String toString() {
        return auto() ? "auto" : fixed.toMillis() / 1000.0 + "s";
    }

    /** Parses auto or a duration. */
    public static final class Converter implements CommandLine.ITypeConverter<WarmupSpec> {
        @Override
        public WarmupSpec convert(String value) {
            if ("auto".equalsIgnoreCase(value.trim())) return AUTO;
            return new WarmupSpec(DurationConverter.parse(value, "a warm-up (auto or a duration)"));
        }
    }
}
