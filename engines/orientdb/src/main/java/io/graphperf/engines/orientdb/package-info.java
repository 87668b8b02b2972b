/**
 * OrientDB as graphperf starts it: descriptor, versions (one built in, others by their orientdb-core jar from Maven), launcher (also
 * E3's export import), adapter and its SQL for the studies.
 * <p>
 * May use: the hosted-engine framework and core.
 */
package io.graphperf.engines.orientdb;
