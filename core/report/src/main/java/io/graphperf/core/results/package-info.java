/**
 * A run's results as data: RunResult, Cell, Validity, Check, targets and headlines — what run.json holds.
 * <p>
 * May use: the measuring
 * layer and the engine SPI.
 */
package io.graphperf.core.results;
