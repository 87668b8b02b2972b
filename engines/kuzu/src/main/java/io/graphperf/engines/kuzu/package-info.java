/**
 * Kuzu as graphperf starts it: descriptor, launcher, adapter, its tables and its Cypher for the studies.
 * <p>
 * May use: the hosted-
 * engine framework and core; LadybugDB, its fork, may use it.
 */
package io.graphperf.engines.kuzu;
