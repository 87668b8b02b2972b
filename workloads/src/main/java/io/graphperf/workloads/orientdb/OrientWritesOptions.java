package io.graphperf.workloads.orientdb;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The options of E4's writes on OrientDB. */
public record OrientWritesOptions(List<String> scenarios, int clients, Duration duration, Duration warmupMax, int diskCacheMb, String heap,
                                  Map<String, String> settings) {
}
