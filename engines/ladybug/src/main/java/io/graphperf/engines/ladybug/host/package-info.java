/**
 * LadybugDB's engine host: the Python process holding the database, the loopback transport to it, and what it reports of itself. <p>
 * May use: Kuzu's host package, the hosted-engine framework and core.
 */
package io.graphperf.engines.ladybug.host;
