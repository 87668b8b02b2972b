package io.graphperf.core.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * E4's scenarios in a dialect, where it differs from the study's own (Neo4j's Cypher): each scenario's statement, its setup, how
 * its written ids are checked, or why it cannot be written in the dialect.
 */
public interface WriteTexts {

    /** The scenario {@code s} in this dialect. */
    Written write(Scenario s);

    /** The safety study's shared counter in this dialect (Cypher's unless the dialect says otherwise). */
    default Counter counter() {
        return Counter.CYPHER;
    }

    /**
     * One record every client increments at once: the safety study counts lost updates as the increments acknowledged minus the value read.
     *
     * @param setup     what declares the record and creates it with {@code hits} 0
     * @param increment one increment of {@code hits} by one, a statement of its own
     * @param value     a query whose first column is {@code hits}
     */
    record Counter(List<String> setup, String increment, String value) {
        public static final Counter CYPHER = new Counter(List.of("CREATE (:Counter {counter_id: 0, hits: 0})"),
                "MATCH (c:Counter) SET c.hits = c.hits + 1", "MATCH (c:Counter) RETURN c.hits");

        /** The same counter with {@code declare} run before its setup (a table or type declared first). */
        public Counter declaredBy(List<String> declare) {
            List<String> all = new ArrayList<>(declare);
            all.addAll(setup);
            return new Counter(List.copyOf(all), increment, value);
        }
    }

    /**
     * A scenario as the study has it.
     *
     * @param id           the scenario's id (e.g. "create-labelled-indexed", "unwind-1000", "foreach-100")
     * @param cypher       its statement in the study's Cypher, as shown
     * @param indexed      whether the study indexes :User(user_id) first
     * @param shape        the shape of its id writes; null when its operations are not id writes
     * @param perOperation statements (or rows) per operation
     */
    record Scenario(String id, String cypher, boolean indexed, Shape shape, int perOperation) {
    }

    /** How a scenario's operations write ids. */
    enum Shape {
        /** The same statement, without parameters, every time. */
        CONSTANT,
        /** {@code perOperation} statements, each with its own {@code $id}. */
        EACH_STATEMENT,
        /** One statement over {@code $rows}, {@code perOperation} rows with an id each. */
        ROWS
    }

    /**
     * A scenario in the dialect.
     *
     * @param whyNot        why it cannot be written in the dialect (then the rest is null)
     * @param statement     the statement its id writes run; null: the study's operations as they are
     * @param setup         the statements run before it, in place of the study's
     * @param shown         what a reader is shown as its text
     * @param idsSummedOver the record type the engine's host sums written ids over (for a host that checks ids by a scan); null:
     *                      the study's id check as it is
     * @param counts        counts that replace the study's checks; null: the study's checks
     */
    record Written(String whyNot, String statement, List<String> setup, String shown, String idsSummedOver, List<Count> counts) {

        public static Written notExpressible(String why) {
            return new Written(why, null, null, null, null, null);
        }

        /** The study's operations as they are, with the dialect's setup and shown text. */
        public static Written as(List<String> setup, String shown) {
            return new Written(null, null, List.copyOf(setup), shown, null, null);
        }

        /** The study's id writes with the dialect's {@code statement}. */
        public static Written as(String statement, List<String> setup, String shown) {
            return new Written(null, statement, List.copyOf(setup), shown, null, null);
        }

        public Written idsSummedOver(String type) {
            return new Written(whyNot, statement, setup, shown, type, counts);
        }

        public Written countedBy(List<Count> replacing) {
            return new Written(whyNot, statement, setup, shown, idsSummedOver, List.copyOf(replacing));
        }
    }

    /**
     * A check that counts what a scenario wrote.
     *
     * @param what         what is counted, as shown
     * @param query        the count's query
     * @param perOperation how many each operation adds
     */
    record Count(String what, String query, long perOperation) {
    }
}
