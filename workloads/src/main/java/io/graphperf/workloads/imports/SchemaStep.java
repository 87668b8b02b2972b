package io.graphperf.workloads.imports;

/**
 * One constraint or index of the schema phase.
 *
 * @param statementSeconds until the statement returned
 * @param onlineSeconds    until the database reported the index ONLINE: the figure that counts
 * @param entries          nodes carrying the label (what the index had to cover)
 */
public record SchemaStep(String index, String statement, double statementSeconds, double onlineSeconds, long entries) {

    public double entriesPerSecond() {
        return entries / onlineSeconds;
    }
}
