package io.graphperf.workloads.cdc;

import io.graphperf.core.results.ExperimentData;

import java.util.List;
import java.util.Map;

/**
 * E5's results beyond its cells, in run.json: what the pipeline was (broker version and settings, topic, the sink's template,
 * whether graphperf's own components ran or only measured a pipeline of the user's) and the open model's timelines.
 */
public record CdcData(String pipeline, String kafka, Map<String, String> brokerSettings, String topic, int partitions, int replicationFactor,
                      String sinkTemplate, String endDetection, OpenModelData openModel) implements ExperimentData {

    /** The open model's run: lag per second of creation, the stages' counters each second, CPU cores per process. */
    public record OpenModelData(int rate, int txSize, double seconds, List<Second> lagPerSecond, List<Sample> stages, Map<String, Double> cpuCores) {
    }

    /** One second of the open model's window, by the nodes created in it. */
    public record Second(int second, long nodes, double lagP50, double lagP99, double lagMax) {
    }

    /** The stages' counters at a moment, seconds from the window's start (-1: not known). */
    public record Sample(double at, long captured, long published, long applied, long consumerLag) {
    }
}
