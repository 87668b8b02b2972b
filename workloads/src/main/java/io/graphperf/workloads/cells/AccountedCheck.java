package io.graphperf.workloads.cells;

import io.graphperf.core.engine.Engine;
import io.graphperf.core.measure.Accounting;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.results.Check;

/**
 * A check that needs only which operations were acknowledged, so it can be asked again later — after the engine was closed and
 * reopened, or killed and restarted — and of writes the measuring layer did not send (the safety study's writes from outside a
 * process it kills).
 */
public interface AccountedCheck extends CellCheck {

    /** The check against {@code acknowledged}. */
    Check check(Engine engine, Accounting acknowledged) throws Exception;

    @Override
    default Check check(Engine engine, Measurement measured) throws Exception {
        return check(engine, measured.accounting());
    }
}
