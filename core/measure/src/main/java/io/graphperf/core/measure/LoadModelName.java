package io.graphperf.core.measure;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The load models by name, as {@code --load} takes them and results carry them (run.json's and results.csv's {@code load}): each
 * {@link Executor} says which it is, and code compares these instead of strings.
 */
public enum LoadModelName {
    /** A fixed number of clients, each sending its next operation when the last one returns ({@link Closed}). */
    CLOSED,
    /** Operations scheduled at a rate, whatever the engine's answers ({@link Open}). */
    OPEN,
    /** The open model's rate changed in stages ({@link Ramping}). */
    RAMPING;

    /** The name as written: closed, open, ramping. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The model a name says, or empty. */
    public static Optional<LoadModelName> of(String id) {
        return Arrays.stream(values()).filter(m -> m.id().equals(id)).findFirst();
    }

    /** Whether a result's {@code load} is this model. */
    public boolean is(String load) {
        return id().equals(load);
    }

    /** The names of some models, for messages: "closed, open". */
    public static String ids(LoadModelName... models) {
        return Arrays.stream(models).map(LoadModelName::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
