package io.graphperf.core.measure;

import java.time.Duration;

/** How a cell's warm-up ends: after a fixed time, or once the cell is steady (with a cap). */
public sealed interface Warmup {

    String describe();

    /** Runs for exactly this long (zero: no warm-up). */
    record Fixed(Duration duration) implements Warmup {
        public Fixed {
            if (duration.isNegative()) throw new IllegalArgumentException("warm-up must not be negative");
        }

        @Override
        public String describe() {
            return "fixed " + duration.toMillis() / 1000.0 + " s";
        }
    }

    /** Runs until {@link Steadiness#readyForWindow} holds, at most {@code max}. */
    record UntilSteady(Duration max, Steadiness.Criterion criterion) implements Warmup {
        public UntilSteady {
            if (max.isNegative() || max.isZero()) throw new IllegalArgumentException("the warm-up cap must be positive");
        }

        public UntilSteady(Duration max) {
            this(max, Steadiness.Criterion.DEFAULT);
        }

        @Override
        public String describe() {
            return "until steady, at most " + max.toMillis() / 1000.0 + " s (" + criterion.describe() + ")";
        }
    }
}
