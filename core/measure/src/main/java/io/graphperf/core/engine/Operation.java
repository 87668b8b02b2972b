package io.graphperf.core.engine;

import java.util.List;

/**
 * One unit of work a client sends and the measuring layer times: a workload produces these as data,
 * a transport executes them.
 *
 * @param type       operation type; each type gets its own latency histogram
 * @param statements what to run
 * @param txMode     how the statements are grouped into transactions
 * @param entities   entities (nodes, relationships and properties) this operation writes or reads,
 *                   for the entities/s figure
 */
public record Operation(String type, List<Statement> statements, TxMode txMode, long entities) {
    public Operation {
        if (txMode == TxMode.AUTOCOMMIT && statements.size() != 1) {
            throw new IllegalArgumentException("an auto-commit operation has exactly one statement");
        }
        if (statements.isEmpty()) throw new IllegalArgumentException("an operation has at least one statement");
    }
}
