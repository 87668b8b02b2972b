package io.graphperf.workloads.reads;

import io.graphperf.core.engine.TransportName;
import io.graphperf.studies.reads.SocialQuery;
import io.graphperf.core.measure.CapacitySearch;
import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.Executor;
import io.graphperf.core.measure.Open;
import io.graphperf.workloads.agents.Agents;
import io.graphperf.workloads.options.Timing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * E2's validated options, in named parts.
 *
 * @param data       the generated dataset
 * @param measured   what each cell measures and checks
 * @param sweeps     the loads and pools the studies compare
 * @param timing     warm-ups and windows
 * @param maxOffHeap the bulk importer's off-heap memory
 * @param agents     the load agents that send the cells which split over them; empty: this process
 * @param capacity   a capacity search of the mix over each transport instead of the other studies; empty: none
 */
public record ReadsOptions(Data data, Measured measured, Sweeps sweeps, Timing timing, String maxOffHeap, Optional<Agents> agents,
                           Optional<CapacitySearch.Settings> capacity) {

    /**
     * @param datasetCache where generated datasets are kept, or null for the run's default
     */
    public record Data(double scale, long seed, Path datasetCache) {
    }

    /**
     * @param transports   bolt, http, embedded, ws-*
     * @param forms        cypher, procedure
     * @param cache        cold (restart before each query), hot (warm-up until steady first), full (the whole workload once first)
     * @param repeatFactor multiplies the study's repeat counts (1 = as published)
     * @param checkSamples parameter sets checked per query, transport and form
     */
    public record Measured(List<TransportName> transports, List<String> forms, String cache, List<SocialQuery> queries, double repeatFactor, int checkSamples) {
    }

    /**
     * @param threads        closed-model client threads for the throughput curve
     * @param rates          open-model arrival rates (ops/s)
     * @param connections    Bolt connection-pool sizes to compare (with {@code clients} clients, one server)
     * @param boltThreads    the server's Bolt worker-pool sizes to compare (a server start per size, warmed before measuring)
     * @param gatewayThreads the gateway's worker-pool sizes to compare (a server start per size, over the first ws-* transport)
     * @param servers        round-robin group sizes to compare (N servers on copies of the store, warmed before measuring)
     * @param clients        the sweeps' clients
     * @param schedule       the open-model cells' schedule but their rate: the sweep's clients and how arrivals are spaced
     */
    public record Sweeps(List<Integer> threads, List<Double> rates, List<Integer> connections, List<Integer> boltThreads, List<Integer> gatewayThreads,
                         List<Integer> servers, int clients, Open schedule) {
    }

    public double scale() {
        return data.scale();
    }

    public long datasetSeed() {
        return data.seed();
    }

    public Path datasetCache() {
        return data.datasetCache();
    }

    public List<TransportName> transports() {
        return measured.transports();
    }

    public List<String> forms() {
        return measured.forms();
    }

    public String cache() {
        return measured.cache();
    }

    public List<SocialQuery> queries() {
        return measured.queries();
    }

    public double repeatFactor() {
        return measured.repeatFactor();
    }

    public int checkSamples() {
        return measured.checkSamples();
    }

    public List<Integer> connections() {
        return sweeps.connections();
    }

    public List<Integer> boltThreads() {
        return sweeps.boltThreads();
    }

    public List<Integer> gatewayThreads() {
        return sweeps.gatewayThreads();
    }

    public List<Integer> servers() {
        return sweeps.servers();
    }

    public int sweepClients() {
        return sweeps.clients();
    }

    public Duration warmupFixed() {
        return timing.warmupFixed();
    }

    public Duration warmupMax() {
        return timing.warmupMax();
    }

    public Duration duration() {
        return timing.duration();
    }

    public Duration serverWarmup() {
        return timing.serverWarmup();
    }

    public Duration serverWarmupCap() {
        return timing.serverWarmupCap();
    }

    /** The latency study's load: one client, one query at a time. */
    public Executor oneClient() {
        return new Closed(1);
    }

    /** The server warm-up's load: the sweep's clients, at most 16. */
    public Executor warmupLoad() {
        return new Closed(Math.min(16, sweeps.clients()));
    }

    /** The sweeps' load (connections, worker pools, servers): {@code sweepClients} clients, closed model. */
    public Executor sweepLoad() {
        return new Closed(sweeps.clients());
    }

    /** The throughput curve's loads: one closed-model executor per entry of {@code threads}. */
    public List<Executor> throughputLoads() {
        return sweeps.threads().stream().map(n -> (Executor) new Closed(n)).toList();
    }

    /** The open-model cells' loads: one per rate, sent by {@code sweepClients} clients. */
    public List<Executor> openLoads() {
        return sweeps.rates().stream().map(r -> (Executor) sweeps.schedule().atRate(r)).toList();
    }
}
