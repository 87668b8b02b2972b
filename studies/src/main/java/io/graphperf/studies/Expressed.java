package io.graphperf.studies;

import java.util.Objects;
import java.util.Optional;

/**
 * What a dialect answers for one of a study's queries, statements or steps: the dialect's form of it, or why it cannot be written
 * there ("not expressible", which reports show in place of a figure).
 *
 * @param <T> the dialect's form (a query's text, a scenario's statements)
 */
public sealed interface Expressed<T> permits Expressed.As, Expressed.NotExpressible {

    /** The dialect's form of it. */
    record As<T>(T value) implements Expressed<T> {
        public As {
            Objects.requireNonNull(value, "value");
        }
    }

    /** Why it cannot be written in the dialect. */
    record NotExpressible<T>(String reason) implements Expressed<T> {
        public NotExpressible {
            if (reason == null || reason.isBlank()) throw new IllegalArgumentException("a dialect that cannot write something says why");
        }
    }

    static <T> Expressed<T> as(T form) {
        return new As<>(form);
    }

    static <T> Expressed<T> notExpressible(String reason) {
        return new NotExpressible<>(reason);
    }

    /** The dialect's form; empty when it is not expressible. */
    default Optional<T> form() {
        return this instanceof As<T> a ? Optional.of(a.value()) : Optional.empty();
    }

    /** Why it is not expressible; empty when it is. */
    default Optional<String> whyNot() {
        return this instanceof NotExpressible<T> n ? Optional.of(n.reason()) : Optional.empty();
    }
}
