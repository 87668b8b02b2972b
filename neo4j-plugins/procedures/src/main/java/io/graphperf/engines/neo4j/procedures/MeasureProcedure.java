package io.graphperf.engines.neo4j.procedures;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.measure.Runner;
import io.graphperf.core.measure.Measurement;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The embedded transport's measuring entry point: {@code CALL graphperf.measure($plan)} runs graphperf's
 * Runner on an operation mix inside this JVM (so no network or driver is in the figures) and returns the
 * measurement as JSON; the HdrHistogram log is written where the plan says. {@code graphperf.fetch}
 * returns one statement's rows as the embedded API sees them, for result checks.
 */
public final class MeasureProcedure {

    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @Context
    public GraphDatabaseService db;

    public static final class Json {
        public String json;

        Json(String json) {
            this.json = json;
        }
    }

    // SCHEMA: the transactions the Runner opens here take the procedure's access mode, and a write workload may create labels and
    // property keys, as any client's writes may
    @Procedure(name = "graphperf.measure", mode = Mode.SCHEMA)
    @Description("graphperf: measure operations (a query mix or writes) in-process with graphperf's Runner; returns the measurement and its accounting as JSON")
    public Stream<Json> measure(@Name("plan") String planJson) throws Exception {
        InProcessPlan plan = JSON.readValue(planJson, InProcessPlan.class);
        Measurement m = new Runner(new EmbeddedTransport(db), plan.operations(), plan.runPlan(),
                plan.histogramLog() == null ? null : Path.of(plan.histogramLog()), List.of(ProcessHandle.current().pid()), List.of()).run();
        return Stream.of(new Json(JSON.writeValueAsString(InProcessResult.of(m))));
    }

    @Procedure(name = "graphperf.fetch", mode = Mode.READ)
    @Description("graphperf: one statement's rows through the embedded API, as JSON (result checks)")
    public Stream<Json> fetch(@Name("statement") String text, @Name("parameters") Map<String, Object> params) throws Exception {
        try (Session s = new EmbeddedTransport(db).openSession()) {
            List<List<Object>> rows = s.fetch(new Statement(text, params));
            return Stream.of(new Json(JSON.writeValueAsString(rows)));
        }
    }
}
