package io.graphperf.workloads.cdc;

import io.graphperf.core.UserError;
import io.graphperf.workloads.options.DurationConverter;
import io.graphperf.workloads.options.EngineOptions;
import io.graphperf.workloads.options.ExperimentCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

@Command(name = "cdc", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"E5 — change data capture: Neo4j → Kafka → Neo4j, end to end.",
                "graphperf starts a Kafka broker (KRaft, a child JVM) and two Neo4j hosts — the source with graphperf's change source, the sink with its"
                        + " sink — or uses yours. Each series commits transactions of unit × multiplier nodes on the source and measures, from timestamps in"
                        + " the data, how long until the sink has them; every node is then checked (lost, duplicated, out of order)."},
        footer = {"", "Examples:", "  graphperf run cdc",
                "  graphperf run cdc --unit 1000 --multipliers 1,10,100 --repeats 5",
                "  graphperf run cdc --config cdc.ini",
                "  graphperf run cdc --multipliers 100 --rate 10000 --duration 30s --source-cost",
                "  graphperf run cdc --multipliers 1 --repeats 20 --fault kill-source,kill-broker,kill-sink,stop-broker=30s",
                "  graphperf run cdc --multipliers 1 --rate 5000 --tx-size 2 --fault kill-source --fault-rate 500 --clients 32",
                "  graphperf run cdc --source bolt://src:7687 --sink bolt://dst:7687 --bootstrap-servers kafka:9092 --user neo4j --password secret"})
public final class CdcCommand extends ExperimentCommand<CdcOptions> {

    @Option(names = "--unit", description = "Nodes per transaction at multiplier 1 (default: 1000).")
    Integer unit;
    @Option(names = "--multipliers", split = ",", paramLabel = "M", description = "One series per multiplier: transactions of unit × M nodes (default: 1,10,100,1000).")
    List<Integer> multipliers;
    @Option(names = "--repeats", description = "Transactions per series (default: 5).")
    Integer repeats;
    @Option(names = "--partitions", description = "Partitions of the topic graphperf creates (default: 3).")
    Integer partitions;
    @Option(names = "--replication-factor", description = "Its replication factor (default: 1).")
    Short replicationFactor;
    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT[,…]", description = "Your Kafka cluster (default: graphperf starts a broker).")
    String bootstrapServers;
    @Option(names = "--source", paramLabel = "URI", description = "Your source database, e.g. bolt://src:7687, with its change stream already set up (graphperf only writes to it and measures).")
    String source;
    @Option(names = "--sink", paramLabel = "URI", description = "Your sink database (graphperf only reads it); with --source.")
    String sink;
    @Option(names = "--user", description = "User for --source and --sink.")
    String user;
    @Option(names = "--password", description = "Password for --source and --sink (or set GRAPHPERF_PASSWORD).")
    String password;
    @Option(names = "--topic", description = "The change topic (default: graphperf-cdc).")
    String topic;
    @Option(names = "--sink-batch", description = "Events per sink transaction at most (default: 5000).")
    Integer sinkBatch;
    @Option(names = "--rate", description = "Also run the open model: this many changes/s in small transactions (see --tx-size) for --duration.")
    Integer rate;
    @Option(names = "--duration", converter = DurationConverter.class, description = "The open model's duration (default: 30s).")
    Duration duration;
    @Option(names = "--tx-size", description = "Nodes per transaction in the open model and the fault rounds (default: 10).")
    Integer txSize;
    @Option(names = "--clients", description = "Clients committing in the open model and the fault rounds, each transaction at its slot of one schedule"
            + " (default: 16).")
    Integer clients;
    @Option(names = "--fault-rate", description = "Transactions a second in each fault round: two in three create tx-size nodes, one in three updates"
            + " the nodes of a recent transaction (default: 100).")
    Integer faultRate;
    @Option(names = "--fault", split = ",", paramLabel = "F", description = "Faults, one round each: kill-source, kill-broker, kill-sink (SIGKILL at a random moment,"
            + " then a restart), stop-broker=DURATION (SIGSTOP, then SIGCONT).")
    List<String> faults = new ArrayList<>();
    @Option(names = "--source-cost", description = "Also measure what the source costs a committing client: write throughput with it on and off.")
    boolean sourceCost;
    @Option(names = "--warmup-max", converter = DurationConverter.class, description = "Warm the pipeline up with unrecorded transactions of unit × 10 nodes"
            + " until their times are stable, for at most this long (default: 120s; 0s: none).")
    Duration warmupMax;
    @Option(names = "--series-timeout", converter = DurationConverter.class, description = "How long one transaction may take to reach the sink (default: 10m).")
    Duration seriesTimeout;
    @Option(names = "--heap", description = "Heap of each Neo4j graphperf starts (default: 6g: a million-node transaction needs more than 2 GiB of transaction memory, 70 %% of the heap).")
    String heap;
    @Option(names = "--page-cache", description = "Page cache of each Neo4j graphperf starts (default: 512m).")
    String pageCache;

    @Override
    public CdcOptions options() {
        Path config = run.config;
        CdcIni ini = config == null ? null : CdcIni.read(config);
        int u = unit != null ? positive(unit, "--unit") : ini != null ? ini.integer("producer", "unit", 1000, 1) : 1000;
        List<Integer> m = multipliers != null ? multipliers : ini != null && ini.get("producer", "multipliers") != null
                ? list(ini.get("producer", "multipliers").value(), ini.where("producer", "multipliers")) : List.of(1, 10, 100, 1000);
        for (int x : m) if (x < 1) throw new UserError("multiplier " + x + " (option --multipliers) must be at least 1");
        int r = repeats != null ? positive(repeats, "--repeats") : ini != null ? ini.integer("producer", "repeats", 5, 1) : 5;
        int parts = partitions != null ? positive(partitions, "--partitions") : ini != null ? ini.integer("broker", "partitions", 3, 1) : 3;
        short rf = replicationFactor != null ? replicationFactor : (short) (ini != null ? ini.integer("broker", "replication_factor", 1, 1) : 1);
        if (rf < 1) throw new UserError("--replication-factor must be at least 1");
        String servers = bootstrapServers != null ? bootstrapServers : value(ini, "broker", "bootstrap_servers");
        if (servers == null && rf > 1) {
            throw new UserError("--replication-factor " + rf + " needs as many brokers; graphperf starts one — give --bootstrap-servers for a cluster of yours");
        }
        if ((source == null) != (sink == null)) throw new UserError("--source and --sink go together: graphperf measures a pipeline of yours end to end");
        if (source != null && !faults.isEmpty()) throw new UserError("--fault kills processes graphperf started; with --source/--sink it starts none");
        if (source != null && sourceCost) throw new UserError("--source-cost turns graphperf's source off and on; with --source, measure your database twice");
        if (source == null && (user != null || password != null)) throw new UserError((user != null ? "--user" : "--password") + " applies to --source and --sink");
        if (source != null && (heap != null || pageCache != null)) throw new UserError((heap != null ? "--heap" : "--page-cache") + " applies to the databases graphperf starts, not to --source/--sink");
        String t = topic != null ? topic : value(ini, "producer", "topic");
        int batch = sinkBatch != null ? positive(sinkBatch, "--sink-batch") : ini != null ? ini.integer("consumer", "batch_size", 5000, 1) : 5000;
        Integer rt = rate != null ? Integer.valueOf(positive(rate, "--rate")) : ini != null && ini.get("producer", "rate") != null ? ini.integer("producer", "rate", 0, 1) : null;
        Duration d = duration != null ? duration : ini != null && ini.get("producer", "duration") != null
                ? DurationConverter.parse(ini.get("producer", "duration").value(), ini.where("producer", "duration")) : Duration.ofSeconds(30);
        int tx = txSize != null ? positive(txSize, "--tx-size") : ini != null ? ini.integer("producer", "tx_size", 10, 1) : 10;
        int cl = clients != null ? positive(clients, "--clients") : ini != null ? ini.integer("producer", "clients", 16, 1) : 16;
        int fr = faultRate != null ? positive(faultRate, "--fault-rate") : ini != null ? ini.integer("producer", "fault_rate", 100, 1) : 100;
        List<CdcOptions.Fault> f = new ArrayList<>();
        for (String s : faults) f.add(fault(s));
        String brokerHeap = value(ini, "broker", "heap");
        Map<String, String> none = new LinkedHashMap<>();
        return new CdcOptions(new CdcOptions.SeriesPlan(u, List.copyOf(m), r, seriesTimeout != null ? seriesTimeout : Duration.ofMinutes(10)),
                new CdcOptions.Kafka(parts, rf, servers, brokerHeap == null ? "1g" : brokerHeap, ini == null ? none : ini.kafka("broker"),
                        t == null ? "graphperf-cdc" : t, ini == null ? none : ini.kafka("consumer"), ini == null ? none : ini.kafka("producer")),
                new CdcOptions.Databases(source, sink, user, password != null ? password : System.getenv("GRAPHPERF_PASSWORD"), batch),
                new CdcOptions.StreamLoad(rt, d, tx, cl, fr, f), sourceCost, warmupMax != null ? warmupMax : Duration.ofSeconds(120));
    }

    static CdcOptions.Fault fault(String s) {
        String kind = s.contains("=") ? s.substring(0, s.indexOf('=')) : s;
        if (!CdcOptions.Fault.KINDS.contains(kind)) {
            throw new UserError("unknown fault '" + s + "' (option --fault); known: kill-source, kill-broker, kill-sink, stop-broker=DURATION");
        }
        if (kind.equals("stop-broker")) {
            if (!s.contains("=")) throw new UserError("--fault stop-broker needs how long, e.g. stop-broker=30s");
            return new CdcOptions.Fault(kind, DurationConverter.parse(s.substring(s.indexOf('=') + 1), "--fault " + s));
        }
        if (s.contains("=")) throw new UserError("--fault " + kind + " takes no duration (" + s + ")");
        return new CdcOptions.Fault(kind, null);
    }

    private static String value(CdcIni ini, String section, String key) {
        if (ini == null || ini.get(section, key) == null) return null;
        return ini.get(section, key).value();
    }

    private static List<Integer> list(String s, String where) {
        List<Integer> out = new ArrayList<>();
        for (String p : s.split(",")) {
            try {
                out.add(Integer.parseInt(p.trim()));
            } catch (NumberFormatException e) {
                throw new UserError(where + ": multipliers = " + s + " must be whole numbers separated by commas");
            }
        }
        return out;
    }

    private static int positive(int v, String option) {
        if (v < 1) throw new UserError(option + " " + v + " must be at least 1");
        return v;
    }

    @Override
    public boolean readsIniConfig() {
        return true;
    }

    @Override
    public EngineOptions engine() {
        EngineOptions e = new EngineOptions();
        if (source == null) {
            e.heap = heap == null ? "6g" : heap;
            e.pageCache = pageCache;
        }
        return e;
    }
}
