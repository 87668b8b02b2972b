/**
 * The measuring layer: the Runner that times every operation, executors (closed, open, ramping, an agent's segment), warm-up and
 * steadiness, the Measurement and its parts, CPU, JIT and disk meters, histogram merges for load agents, objectives and the capacity
 * search.
 * <p>
 * May use: the engine SPI, HdrHistogram, commons-math and the JDK; never the report.
 */
package io.graphperf.core.measure;
