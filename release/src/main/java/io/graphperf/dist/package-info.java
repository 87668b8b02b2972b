/**
 * What builds the release archive at package time: the jars stored for one xz stream, each engine module's
 * host staged where the CLI looks for it, and the archive compressed in parts. <p>
 * May use: the JDK and the xz library.
 */
package io.graphperf.dist;
