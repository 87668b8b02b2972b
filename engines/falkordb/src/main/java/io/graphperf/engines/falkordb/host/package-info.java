/**
 * FalkorDB's engine host, the child JVM: the redis-server it starts, the Redis protocol (Resp), loader and transport.
 * <p>
 * May use: the
 * hosted-engine framework and core.
 */
package io.graphperf.engines.falkordb.host;
