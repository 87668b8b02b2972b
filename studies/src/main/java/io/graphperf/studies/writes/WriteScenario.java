package io.graphperf.studies.writes;

import io.graphperf.core.measure.IdWrites;

/**
 * A scenario of E4 (or of the safety study, which writes E4's way) as a dialect sees it.
 *
 * @param id           the scenario's id, for messages
 * @param statement    the statement it sends
 * @param shown        the study's text as a reader is shown it (the statement, and how many a transaction holds)
 * @param indexed      whether the study indexes :User(user_id) first
 * @param shape        how its operations carry ids: the same statement every time, a statement per id, or one over rows
 * @param perOperation statements (or rows) per operation
 */
public record WriteScenario(String id, WriteStatement statement, String shown, boolean indexed, IdWrites.Shape shape, int perOperation) {

    /** The statement in the study's Cypher. */
    public String cypher() {
        return statement.cypher();
    }

    /** Whether one operation (one transaction) holds several statements. */
    public boolean severalStatements() {
        return shape == IdWrites.Shape.EACH_STATEMENT && perOperation > 1;
    }
}
