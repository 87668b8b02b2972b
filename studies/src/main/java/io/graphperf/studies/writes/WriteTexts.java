package io.graphperf.studies.writes;

import io.graphperf.studies.Expressed;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * E4's statements in a dialect. A dialect answers every statement in one switch over {@link WriteStatement}, with no default: a
 * statement added to the study does not compile in a dialect until that dialect has answered it (how it writes it, or why it cannot).
 */
public interface WriteTexts {

    /** The scenario {@code s} in this dialect. */
    Expressed<Written> write(WriteScenario s);

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
     * A scenario as the dialect writes it.
     *
     * @param statement     the statement its id writes run; empty: the study's operations as they are
     * @param setup         the statements run before it, in place of the study's
     * @param shown         what a reader is shown as its text
     * @param idsSummedOver the record type the engine's host sums written ids over (for a host that checks ids by a scan); empty:
     *                      the study's id check as it is
     * @param counts        counts that replace the study's checks; empty: the study's checks
     */
    record Written(Optional<String> statement, List<String> setup, String shown, Optional<String> idsSummedOver, List<Count> counts) {

        /** The study's operations as they are, with the dialect's setup and shown text. */
        public static Written as(List<String> setup, String shown) {
            return new Written(Optional.empty(), List.copyOf(setup), shown, Optional.empty(), List.of());
        }

        /** The study's id writes with the dialect's {@code statement}. */
        public static Written as(String statement, List<String> setup, String shown) {
            return new Written(Optional.of(statement), List.copyOf(setup), shown, Optional.empty(), List.of());
        }

        public Written idsSummedOver(String type) {
            return new Written(statement, setup, shown, Optional.of(type), counts);
        }

        public Written countedBy(List<Count> replacing) {
            return new Written(statement, setup, shown, idsSummedOver, List.copyOf(replacing));
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
