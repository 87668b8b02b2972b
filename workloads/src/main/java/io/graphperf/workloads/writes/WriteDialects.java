package io.graphperf.workloads.writes;

import io.graphperf.core.engine.Dialect;
import io.graphperf.core.engine.WriteTexts;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.workloads.cells.CellCheck;
import io.graphperf.workloads.cells.CountCheck;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioDialects;

import java.util.List;

/**
 * E4's scenarios in each engine's dialect. The study's Cypher is Neo4j's; another engine's module gives its own texts
 * ({@link WriteTexts}, from the {@link Dialect} its engine speaks): each scenario's statement, setup and checks as that dialect has
 * them, or why it cannot be written there. graphperf's batch writer is a plugin of Neo4j's: its scenarios are Neo4j's only.
 */
public final class WriteDialects {

    private static final String STUDY = "neo4j";

    public static final ScenarioDialects ALL = WriteDialects::in;

    private WriteDialects() {
    }

    static ScenarioDialects.Written in(Scenario s, String dialect) {
        if (STUDY.equals(dialect)) return ScenarioDialects.Written.as(s);
        Dialect d = Dialect.all().get(dialect);
        WriteTexts texts = d == null ? null : d.writes();
        if (texts == null) return ScenarioDialects.NEO4J.in(s, dialect);
        if (s.id().startsWith("batch-writer")) return ScenarioDialects.Written.notExpressible("graphperf's batch writer is a Neo4j plugin");
        IdWrites ids = s.operations() instanceof IdWrites w ? w : null;
        WriteTexts.Written t = texts.write(new WriteTexts.Scenario(s.id(), s.query(), s.setup().contains(WriteScenarios.USER_INDEX),
                ids == null ? null : WriteTexts.Shape.valueOf(ids.shape().name()), ids == null ? 1 : ids.perOperation()));
        if (t.whyNot() != null) return ScenarioDialects.Written.notExpressible(t.whyNot());
        if (t.statement() != null && ids == null) throw new IllegalStateException(dialect + " gives a statement for " + s.id() + ", which makes no id writes");
        OperationSource operations = t.statement() == null ? s.operations()
                : new IdWrites(ids.type(), t.statement(), ids.shape(), ids.perOperation(), ids.txMode(), ids.entities(), ids.clientOffset());
        return ScenarioDialects.Written.as(s.written(t.shown(), t.setup(), operations, checks(s, t)));
    }

    /** The study's checks, as the dialect asks them: replaced by its counts, or the ids summed up by the engine's host. */
    private static List<CellCheck> checks(Scenario s, WriteTexts.Written t) {
        if (t.counts() != null) return t.counts().stream().map(c -> (CellCheck) new CountCheck(c.what(), c.query(), c.perOperation())).toList();
        if (t.idsSummedOver() == null) return s.checks();
        return s.checks().stream().map(c -> c instanceof IdCheck i ? (CellCheck) i.summedByHost(t.idsSummedOver()) : c).toList();
    }
}
