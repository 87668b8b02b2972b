package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;

/**
 * Produces the operations of a scenario. Called by each client thread before it starts the clock, so
 * building parameters is never part of a measured latency. Must be safe to call from several threads
 * with different {@code client} values.
 */
@FunctionalInterface
public interface OperationSource {
    Operation next(int client, long sequence);
}
