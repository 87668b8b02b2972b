/**
 * ArcadeDB's engine host, the child JVM: its main, loader and transport for the Runner inside it.
 * <p>
 * May use: the hosted-engine
 * framework, core and ArcadeDB's API.
 */
package io.graphperf.engines.arcadedb.host;
