/**
 * What the studies' cells share: scenarios, who sends a cell's operations, server warm-up, cell order, id and key checks, targets
 * and capacity cells.
 * <p>
 * May use: the framework, options and core.
 */
package io.graphperf.workloads.cells;
