package io.graphperf.workloads.quick;

import java.time.Duration;

/**
 * The quick suite's options: how long each cell's window is, how long warm-ups may take.
 *
 * @param serverWarmup a fixed server warm-up, or null for until settled
 */
public record QuickOptions(Duration window, Duration windowMax, Duration warmupMax, Duration serverWarmup, Duration serverWarmupCap, int clients) {
}
