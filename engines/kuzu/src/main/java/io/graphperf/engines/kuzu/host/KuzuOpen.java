package io.graphperf.engines.kuzu.host;

import io.graphperf.engines.hosted.HostRequest;

import java.util.Map;

/**
 * Kuzu's open request: the database in {@code store} (created when new) with a buffer pool of {@code bufferPoolBytes} and
 * {@code threadsPerQuery} threads for each query (0: Kuzu's default, every core). The reply says which Kuzu it is.
 */
@HostRequest.Op(value = "open", reply = Map.class)
public record KuzuOpen(String store, long bufferPoolBytes, long threadsPerQuery) implements HostRequest<Map<String, Object>> {
}
