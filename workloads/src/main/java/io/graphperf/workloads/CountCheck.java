package io.graphperf.workloads;

/**
 * After a scenario, {@code countQuery} must return exactly {@code perOperation} × the acknowledged
 * operations: nothing acknowledged was lost, nothing unacknowledged was kept.
 */
public record CountCheck(String what, String countQuery, long perOperation) {
    public static final CountCheck NODES = nodes(1);

    public static CountCheck nodes(long perOperation) {
        return new CountCheck("nodes", "MATCH (n) RETURN count(n)", perOperation);
    }

    public static CountCheck relationships(long perOperation) {
        return new CountCheck("relationships", "MATCH ()-[r]->() RETURN count(r)", perOperation);
    }
}
