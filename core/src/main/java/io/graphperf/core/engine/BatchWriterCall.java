package io.graphperf.core.engine;

/**
 * A write handed to graphperf's batch writer plugin, as an operation's statement with the parameters
 * {@code statement}, {@code params} and {@code ack}. Each adapter maps it to its own route: Bolt runs it as
 * the procedure call it is; HTTP posts it to the writer's endpoint rather than through the Query API.
 */
public final class BatchWriterCall {

    public static final String SUBMIT = "CALL graphperf.batch.submit($statement, $params, $ack)";
    /** Where the plugin's HTTP endpoint is mounted; the database name follows. */
    public static final String HTTP_PATH = "/graphperf/batch";

    private BatchWriterCall() {
    }

    public static boolean is(Statement s) {
        return SUBMIT.equals(s.text());
    }
}
