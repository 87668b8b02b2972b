/**
 * Exporters and the report: run.json, results.csv, the self-contained HTML report with its generic sections and SVG charts, and the
 * console summary.
 * <p>
 * May use: results, stats, the measuring layer and the engine SPI.
 */
package io.graphperf.core.report;
