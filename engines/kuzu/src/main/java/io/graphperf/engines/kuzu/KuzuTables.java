package io.graphperf.engines.kuzu;

import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostedEngine;

import java.util.List;
import java.util.Map;

/** An empty database on Kuzu and on LadybugDB, which keep a schema of tables: every table dropped, relationship tables first. */
public final class KuzuTables {

    public static final String RESET_METHOD = "every table dropped, relationship tables first";

    private KuzuTables() {
    }

    public static void dropAll(HostedEngine engine) throws Exception {
        List<List<Object>> tables = engine.fetchInProcess(new Statement("CALL show_tables() RETURN name, type", Map.of()));
        for (String type : List.of("REL", "NODE")) {
            for (List<Object> t : tables) if (type.equals(t.get(1))) engine.execute("DROP TABLE " + t.get(0));
        }
    }
}
