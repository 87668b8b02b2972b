package io.graphperf.engines.falkordb;

import io.graphperf.studies.Expressed;
import io.graphperf.studies.writes.WriteScenario;
import io.graphperf.studies.writes.WriteTexts;

import java.util.List;

/**
 * E4's scenarios in FalkorDB's Cypher: the study's statements as they are; its index has no name and no IF NOT EXISTS; a transaction
 * of several statements is sent as Redis's MULTI … EXEC (run one after another with nothing in between, appended to the log as one
 * write, but not undone when one fails).
 */
final class FalkorDbWriteTexts implements WriteTexts {

    private static final String USER_INDEX = "CREATE INDEX FOR (u:User) ON (u.user_id)";

    @Override
    public Expressed<Written> write(WriteScenario s) {
        return switch (s.statement()) {
            case FOREACH_SELF_RELATIONSHIPS, CREATE_UNLABELLED, CREATE_LABELLED, UNWIND_ROWS -> Expressed.as(Written.as(
                    s.indexed() ? List.of(USER_INDEX) : List.of(),
                    s.shown() + (s.severalStatements() ? "   as MULTI … EXEC" : "") + (s.indexed() ? "   with " + USER_INDEX : "")));
            case CALL_IN_TRANSACTIONS -> Expressed.notExpressible("FalkorDB's Cypher has no CALL {} IN TRANSACTIONS");
        };
    }
}
