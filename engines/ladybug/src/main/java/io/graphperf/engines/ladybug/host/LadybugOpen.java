package io.graphperf.engines.ladybug.host;

import io.graphperf.engines.hosted.HostRequest;

import java.util.Map;

/**
 * LadybugDB's open request: graphperf's LadybugDB server started by {@code python} (with the package in {@code packages}, running
 * {@code script}) on the database in {@code store}, with a buffer pool of {@code bufferPoolBytes} and {@code threadsPerQuery}
 * threads for each query (0: LadybugDB's default). The reply says which LadybugDB it is and what its boundary's round trip costs.
 */
@HostRequest.Op(value = "open", reply = Map.class)
public record LadybugOpen(String store, String python, String packages, String script, long bufferPoolBytes, int threadsPerQuery)
        implements HostRequest<Map<String, Object>> {
}
