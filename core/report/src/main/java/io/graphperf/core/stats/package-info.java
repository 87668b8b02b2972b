/**
 * Statistics of comparisons: verdicts (Welch's test, Holm's correction, minimum effect), ratios with intervals, summaries. <p>
 * May use: results, the measuring layer, commons-math and the JDK.
 */
package io.graphperf.core.stats;
