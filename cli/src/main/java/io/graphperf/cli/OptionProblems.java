package io.graphperf.cli;

import io.graphperf.core.BadInput;
import io.graphperf.core.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * A command's options checked all at once (k6's {@code Validate() []error}): each independent step runs even when an earlier one
 * was refused, every refusal is kept, and the user is told all of them in one error, each on its own line, rather than one per try.
 */
final class OptionProblems {

    private final List<String> problems = new ArrayList<>();

    /** The step's value, or empty (its refusal kept) when it refuses the options. */
    <T> Optional<T> check(Callable<T> step) throws Exception {
        try {
            return Optional.ofNullable(step.call());
        } catch (UserError u) {
            add(u.getMessage());
            return Optional.empty();
        }
    }

    /** A refusal found without a step; one that two steps found (an option two steps read) is told once. */
    void add(String problem) {
        if (!problems.contains(problem)) problems.add(problem);
    }

    /** Whether every step so far accepted the options (a step that needs earlier steps' values runs only then). */
    boolean none() {
        return problems.isEmpty();
    }

    /** Bad usage (exit 2) naming every refusal, when there was one; nothing otherwise. */
    void throwIfAny() {
        if (problems.isEmpty()) return;
        if (problems.size() == 1) throw new BadInput(problems.get(0), null);
        throw new BadInput(problems.size() + " problems with the options:\n  - " + String.join("\n  - ", problems), null);
    }
}
