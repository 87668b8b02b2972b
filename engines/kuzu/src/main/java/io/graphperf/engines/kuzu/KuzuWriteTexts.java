package io.graphperf.engines.kuzu;

import io.graphperf.studies.Expressed;
import io.graphperf.studies.writes.WriteScenario;
import io.graphperf.studies.writes.WriteTexts;

import java.util.List;

/**
 * E4's scenarios in Kuzu's Cypher: the same statements, but a node belongs to a table declared first: :User is a table with a serial
 * key (no index on user_id), or, where the scenario has an index on :User(user_id), with user_id as its primary key — Kuzu's only
 * index on a property, which also checks each id is new. The rest cannot be written in Kuzu's Cypher, and the report says why.
 */
final class KuzuWriteTexts implements WriteTexts {

    private static final String USERS = "CREATE NODE TABLE IF NOT EXISTS User(key SERIAL, user_id INT64, PRIMARY KEY(key))";
    private static final String USERS_INDEXED = "CREATE NODE TABLE IF NOT EXISTS User(user_id INT64, PRIMARY KEY(user_id))";

    @Override
    public Counter counter() {
        return Counter.CYPHER.declaredBy(List.of("CREATE NODE TABLE IF NOT EXISTS Counter(counter_id INT64, hits INT64, PRIMARY KEY(counter_id))"));
    }

    @Override
    public Expressed<Written> write(WriteScenario s) {
        return switch (s.statement()) {
            case CREATE_LABELLED, UNWIND_ROWS -> {
                String table = s.indexed() ? USERS_INDEXED : USERS;
                yield Expressed.as(Written.as(List.of(table), s.shown() + "   on " + table));
            }
            case FOREACH_SELF_RELATIONSHIPS -> Expressed.notExpressible("Kuzu's Cypher has no FOREACH");
            case CALL_IN_TRANSACTIONS -> Expressed.notExpressible("Kuzu's Cypher has no CALL {} IN TRANSACTIONS");
            case CREATE_UNLABELLED -> Expressed.notExpressible("every Kuzu node belongs to a node table declared beforehand: there is no unlabelled node");
        };
    }
}
