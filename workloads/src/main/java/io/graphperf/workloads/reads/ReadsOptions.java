package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Open;
import io.graphperf.workloads.agents.Agents;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * E2's validated options.
 *
 * @param transports   bolt, http, embedded
 * @param forms        cypher, procedure
 * @param cache        cold (restart before each query), hot (warm-up until steady first), full (the whole workload once first)
 * @param repeatFactor multiplies the study's repeat counts (1 = as published)
 * @param checkSamples parameter sets checked per query, transport and form
 * @param threads      closed-model client threads for the throughput curve
 * @param rates        open-model arrival rates (ops/s)
 * @param connections  Bolt connection-pool sizes to compare (with {@code sweepClients} clients, one server)
 * @param boltThreads  the server's Bolt worker-pool sizes to compare (a server start per size, warmed before measuring)
 * @param gatewayThreads the gateway's worker-pool sizes to compare (a server start per size, over the first ws-* transport)
 * @param servers      round-robin group sizes to compare (N servers on copies of the store, warmed before measuring)
 * @param warmupFixed  a fixed warm-up per cell, or null for until steady
 * @param serverWarmup a fixed server warm-up, or null for until settled
 * @param datasetCache where generated datasets are kept, or null for the run's default
 * @param agents       the load agents that send the cells which split over them, or null
 * @param capacity     a capacity search of the mix over each transport instead of the other studies, or null
 * @param schedule     the open-model cells' schedule but their rate: the sweep's clients and how arrivals are spaced
 */
public record ReadsOptions(double scale, long datasetSeed, List<String> transports, List<String> forms, String cache, List<SocialQuery> queries,
                           double repeatFactor, int checkSamples, List<Integer> threads, List<Double> rates, List<Integer> connections,
                           List<Integer> boltThreads, List<Integer> gatewayThreads, List<Integer> servers, int sweepClients, Duration warmupFixed, Duration warmupMax, Duration duration,
                           Duration serverWarmup, Duration serverWarmupCap, String maxOffHeap,
                           Path datasetCache, Agents agents, CapacitySearch.Settings capacity, Open schedule) {

    /** The latency study's load: one client, one query at a time. */
    public Executor oneClient() {
        return new Closed(1);
    }

    /** The server warm-up's load: the sweep's clients, at most 16. */
    public Executor warmupLoad() {
        return new Closed(Math.min(16, sweepClients));
    }

    /** The sweeps' load (connections, worker pools, servers): {@code sweepClients} clients, closed model. */
    public Executor sweepLoad() {
        return new Closed(sweepClients);
    }

    /** The throughput curve's loads: one closed-model executor per entry of {@code threads}. */
    public List<Executor> throughputLoads() {
        return threads.stream().map(n -> (Executor) new Closed(n)).toList();
    }

    /** The open-model cells' loads: one per rate, sent by {@code sweepClients} clients. */
    public List<Executor> openLoads() {
        return rates.stream().map(r -> (Executor) schedule.atRate(r)).toList();
    }
}
