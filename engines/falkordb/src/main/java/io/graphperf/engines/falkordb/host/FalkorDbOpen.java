package io.graphperf.engines.falkordb.host;

import io.graphperf.engines.hosted.HostRequest;

import java.util.Map;

/**
 * FalkorDB's open request: {@code redisServer} started with the module {@code module} on the store in {@code store}, its log
 * appended to {@code serverLog}, with the Redis settings {@code config}. The reply says which FalkorDB it is, how it is set, and
 * what a round trip with no work in it (PING) costs.
 */
@HostRequest.Op(value = "open", reply = Map.class)
public record FalkorDbOpen(String store, String redisServer, String module, String serverLog, Map<String, String> config)
        implements HostRequest<Map<String, Object>> {
}
