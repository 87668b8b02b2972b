package io.graphperf.engines.falkordb;

import io.graphperf.core.engine.WriteTexts;

import java.util.List;

/**
 * E4's scenarios in FalkorDB's Cypher: the study's statements as they are; its index has no name and no IF NOT EXISTS; a transaction
 * of several statements is sent as Redis's MULTI … EXEC (run one after another with nothing in between, appended to the log as one
 * write, but not undone when one fails).
 */
final class FalkorDbWriteTexts implements WriteTexts {

    private static final String USER_INDEX = "CREATE INDEX FOR (u:User) ON (u.user_id)";

    @Override
    public Written write(Scenario s) {
        if (s.id().equals("call-in-tx")) return Written.notExpressible("FalkorDB's Cypher has no CALL {} IN TRANSACTIONS");
        String shown = s.cypher() + (s.id().startsWith("tx1000") ? "   as MULTI … EXEC" : "") + (s.indexed() ? "   with " + USER_INDEX : "");
        return Written.as(s.indexed() ? List.of(USER_INDEX) : List.of(), shown);
    }
}
