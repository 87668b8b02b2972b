/**
 * The experiments' framework: the Experiment interface and its registry, a trial's context and Trials (variants × repeats,
 * interleaved, and the run's comparisons).
 * <p>
 * May use: its shared sub-packages (options, cells, agents), storage, datagen, core, and
 * engines through the SPI (Kafka's broker directly).
 */
package io.graphperf.workloads;
