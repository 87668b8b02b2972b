package io.graphperf.engines.arcadedb.host;

import com.arcadedb.database.Database;
import com.arcadedb.database.Document;

import java.util.List;
import java.util.Map;

/**
 * {@link io.graphperf.core.engine.IdSummary}'s statement on ArcadeDB: the type scanned in the host (ArcadeDB's SQL and Cypher
 * divide integers as decimals, so the check cannot ask in either).
 */
final class IdSummary {

    static final String LANGUAGE = io.graphperf.core.engine.IdSummary.LANGUAGE;

    private IdSummary() {
    }

    static List<List<Object>> of(Database db, String typeAndProperty, Map<String, Object> params) {
        String[] tp = io.graphperf.core.engine.IdSummary.typeAndProperty(typeAndProperty);
        io.graphperf.core.engine.IdSummary.Ids ids = new io.graphperf.core.engine.IdSummary.Ids();
        var records = db.iterateType(tp[0], true);
        while (records.hasNext()) {
            if (((Document) records.next().getRecord()).get(tp[1]) instanceof Number num) ids.add(num.longValue());
        }
        return io.graphperf.core.engine.IdSummary.of(ids.toArray(), params);
    }
}
