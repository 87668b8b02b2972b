package io.graphperf.workloads.cdc;

import io.graphperf.core.measure.Closed;
import io.graphperf.core.measure.RunPlan;
import io.graphperf.core.measure.Warmup;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * E5's validated options (command line over the ini file over the defaults), in named parts.
 *
 * @param sourceCost also measure the write throughput with the source on vs off
 * @param warmupMax  how long the pipeline may warm up before the series (zero: no warm-up)
 */
public record CdcOptions(SeriesPlan series, Kafka kafka, Databases databases, StreamLoad stream, boolean sourceCost, Duration warmupMax) {

    /**
     * The series: transactions of growing size, each awaited at the sink.
     *
     * @param unit        nodes per transaction at multiplier 1
     * @param multipliers one series per multiplier: transactions of unit × multiplier nodes
     * @param repeats     transactions per series
     * @param timeout     how long a series may wait for the sink
     */
    public record SeriesPlan(int unit, List<Integer> multipliers, int repeats, Duration timeout) {
    }

    /**
     * The topic and the broker.
     *
     * @param partitions        partitions of the topic graphperf creates
     * @param replicationFactor its replication factor
     * @param bootstrapServers  a user's Kafka cluster, or null to start graphperf's broker
     * @param brokerHeap        graphperf's broker's heap
     * @param brokerSettings    settings for graphperf's broker ([broker] kafka.* in the ini file)
     * @param topic             the topic the source publishes to and the sink reads
     * @param consumerSettings  graphperf's sink's Kafka consumer settings ([consumer] kafka.*)
     * @param producerSettings  graphperf's source's Kafka producer settings ([producer] kafka.*)
     */
    public record Kafka(int partitions, short replicationFactor, String bootstrapServers, String brokerHeap, Map<String, String> brokerSettings,
                        String topic, Map<String, String> consumerSettings, Map<String, String> producerSettings) {
    }

    /**
     * The two databases.
     *
     * @param source    a user's source database (bolt://…), or null to start graphperf's
     * @param sink      a user's sink database, or null
     * @param user      user for --source/--sink
     * @param password  password for them
     * @param sinkBatch events per sink transaction at most
     */
    public record Databases(String source, String sink, String user, String password, int sinkBatch) {
    }

    /**
     * The open model's stream of small transactions, and the fault rounds run under the same kind of load.
     *
     * @param rate      changes/s of the open model, or null for no open-model stream
     * @param duration  the open model's duration
     * @param txSize    nodes per transaction in the open model and in fault rounds
     * @param clients   clients committing in the open model and in fault rounds
     * @param faultRate transactions a second in a fault round
     * @param faults    faults to inject, one round each
     */
    public record StreamLoad(Integer rate, Duration duration, int txSize, int clients, int faultRate, List<Fault> faults) {
    }

    public int unit() {
        return series.unit();
    }

    public List<Integer> multipliers() {
        return series.multipliers();
    }

    public int repeats() {
        return series.repeats();
    }

    public Duration timeout() {
        return series.timeout();
    }

    public int partitions() {
        return kafka.partitions();
    }

    public short replicationFactor() {
        return kafka.replicationFactor();
    }

    public String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    public String brokerHeap() {
        return kafka.brokerHeap();
    }

    public Map<String, String> brokerSettings() {
        return kafka.brokerSettings();
    }

    public String topic() {
        return kafka.topic();
    }

    public Map<String, String> consumerSettings() {
        return kafka.consumerSettings();
    }

    public Map<String, String> producerSettings() {
        return kafka.producerSettings();
    }

    public String source() {
        return databases.source();
    }

    public String sink() {
        return databases.sink();
    }

    public String user() {
        return databases.user();
    }

    public String password() {
        return databases.password();
    }

    public int sinkBatch() {
        return databases.sinkBatch();
    }

    public Integer rate() {
        return stream.rate();
    }

    public Duration duration() {
        return stream.duration();
    }

    public int txSize() {
        return stream.txSize();
    }

    public int clients() {
        return stream.clients();
    }

    public int faultRate() {
        return stream.faultRate();
    }

    public List<Fault> faults() {
        return stream.faults();
    }

    /** graphperf's own pipeline (its source and sink plugins), or a user's that it only produces to and measures. */
    public boolean ownPipeline() {
        return databases.source() == null && databases.sink() == null;
    }

    /**
     * The source-cost cells' plan, the same with and without the change source: 8 clients in the closed model, warmed until steady
     * (at most 60 s), a 20 s window — fixed, so that the two cells compare like with like whatever the series' options.
     */
    public RunPlan sourceCostPlan() {
        return new RunPlan(new Closed(8), new Warmup.UntilSteady(Duration.ofSeconds(60)), Duration.ofSeconds(20));
    }

    /** A fault injected once during a round: SIGKILL of one process, or a pause of the broker. */
    public record Fault(String kind, Duration pause) {
        static final List<String> KINDS = List.of("kill-source", "kill-broker", "kill-sink", "stop-broker");

        public String label() {
            return pause == null ? kind : kind + "=" + pause.toSeconds() + "s";
        }
    }
}
