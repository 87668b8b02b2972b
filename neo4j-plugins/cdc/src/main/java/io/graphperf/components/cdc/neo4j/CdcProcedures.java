package io.graphperf.components.cdc.neo4j;

import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.util.stream.Stream;

/** The change stream's figures in this database, and a wait for the sink's progress (the tester's end detection). */
public final class CdcProcedures {

    @Context
    public GraphDatabaseService db;

    public static final class Metric {
        public String name;
        public Object value;

        Metric(String name, Object value) {
            this.name = name;
            this.value = value;
        }
    }

    public static final class Applied {
        public long applied;

        Applied(long applied) {
            this.applied = applied;
        }
    }

    @Procedure("graphperf.cdc.metrics")
    @Description("The change stream's counters in this database: captured, published, consumed, applied, skipped, dead-lettered, lags;"
            + " with resetLag the sink's lag percentiles since the last such call")
    public Stream<Metric> metrics(@Name(value = "resetLag", defaultValue = "false") boolean resetLag) {
        return CdcMetrics.of(db.databaseName()).snapshot(resetLag).entrySet().stream().map(e -> new Metric(e.getKey(), e.getValue()));
    }

    @Procedure("graphperf.cdc.awaitApplied")
    @Description("Returns once the sink in this database has applied (or dead-lettered) at least that many events since it started, or after"
            + " timeoutMs; woken by each batch's commit")
    public Stream<Applied> awaitApplied(@Name("atLeast") long atLeast, @Name("timeoutMs") long timeoutMs) throws InterruptedException {
        return Stream.of(new Applied(CdcMetrics.of(db.databaseName()).awaitApplied(atLeast, timeoutMs)));
    }
}
