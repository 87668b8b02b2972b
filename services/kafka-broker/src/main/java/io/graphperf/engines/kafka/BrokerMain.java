package io.graphperf.engines.kafka;

import java.io.IOException;

/**
 * The broker's child JVM: formats its storage when asked, then runs Kafka's own main class. It halts when its standard input
 * closes (the harness ended, however it ended), so a broker never outlives graphperf.
 */
public final class BrokerMain {

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 1 && args[0].equals("format")) {
            // kafka-storage format --standalone -t <cluster id> -c <server.properties>
            kafka.tools.StorageTool.main(new String[]{"format", "--standalone", "-t", args[1], "-c", args[2], "--ignore-formatted"});
            return;
        }
        Thread watch = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the harness writes nothing; end of input means it is gone
                }
            } catch (IOException ignored) {
                // closed
            }
            Runtime.getRuntime().halt(0);
        }, "graphperf-broker-parent-watch");
        watch.setDaemon(true);
        watch.start();
        kafka.Kafka.main(args);
    }
}
