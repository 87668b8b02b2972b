package io.graphperf.workloads.writes;

import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioDialects;

import java.util.List;

/**
 * E4's scenarios in each engine's dialect, in one place. Neo4j's Cypher is the study's own. Kuzu's Cypher writes the same
 * statements, but a node belongs to a table declared first: :User is a table with a serial key (no index on user_id), or,
 * where the scenario has an index on :User(user_id), with user_id as its primary key — Kuzu's only index on a property, which
 * also checks each id is new. The rest cannot be written in Kuzu's Cypher, and the report says why.
 */
public final class WriteDialects {

    static final String KUZU_USERS = "CREATE NODE TABLE IF NOT EXISTS User(key SERIAL, user_id INT64, PRIMARY KEY(key))";
    static final String KUZU_USERS_INDEXED = "CREATE NODE TABLE IF NOT EXISTS User(user_id INT64, PRIMARY KEY(user_id))";
    static final String NO_UNLABELLED = "every Kuzu node belongs to a node table declared beforehand: there is no unlabelled node";

    public static final ScenarioDialects ALL = (s, dialect) -> switch (dialect) {
        case "neo4j" -> ScenarioDialects.Written.as(s);
        case "kuzu" -> kuzu(s);
        default -> ScenarioDialects.NEO4J.in(s, dialect);
    };

    private WriteDialects() {
    }

    static ScenarioDialects.Written kuzu(Scenario s) {
        String id = s.id();
        if (id.startsWith("batch-writer")) return ScenarioDialects.Written.notExpressible("graphperf's batch writer is a Neo4j plugin");
        if (id.equals("foreach-100")) return ScenarioDialects.Written.notExpressible("Kuzu's Cypher has no FOREACH");
        if (id.equals("call-in-tx")) return ScenarioDialects.Written.notExpressible("Kuzu's Cypher has no CALL {} IN TRANSACTIONS");
        if (id.contains("unlabelled")) return ScenarioDialects.Written.notExpressible(NO_UNLABELLED);
        boolean indexed = s.setup().contains(WriteScenarios.USER_INDEX);
        String table = indexed ? KUZU_USERS_INDEXED : KUZU_USERS;
        return ScenarioDialects.Written.as(s.written(s.query() + "   on " + table, List.of(table), s.operations()));
    }
}
