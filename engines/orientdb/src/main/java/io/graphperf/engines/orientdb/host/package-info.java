/**
 * OrientDB's engine host, the child JVM: its main, loader, export generator and transport for the Runner inside it.
 * <p>
 * May use: the
 * hosted-engine framework, core and OrientDB's API.
 */
package io.graphperf.engines.orientdb.host;
