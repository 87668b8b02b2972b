package io.graphperf.engines.neo4j.procedures;

import org.neo4j.kernel.impl.transaction.log.checkpoint.CheckPointer;
import org.neo4j.kernel.impl.transaction.log.checkpoint.SimpleTriggerInfo;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Procedure;

import java.io.IOException;
import java.util.stream.Stream;

/**
 * {@code CALL graphperf.checkpoint()}: forces a checkpoint of the database now (Community has no
 * {@code db.checkpoint()}). graphperf calls it after emptying the store between cells, so the flush of a large
 * delete happens then, not during the next cell's window.
 */
public final class CheckpointProcedure {

    @Context
    public GraphDatabaseAPI db;

    /** @param transactionId the last transaction the checkpoint covers */
    public record Result(long transactionId) {
    }

    @Procedure(name = "graphperf.checkpoint", mode = Mode.WRITE)
    @Description("graphperf: force a checkpoint of this database now")
    public Stream<Result> checkpoint() throws IOException {
        CheckPointer cp = db.getDependencyResolver().resolveDependency(CheckPointer.class);
        return Stream.of(new Result(cp.forceCheckPoint(new SimpleTriggerInfo("graphperf: after emptying the store between cells"))));
    }
}
