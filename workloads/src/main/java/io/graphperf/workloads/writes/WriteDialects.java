package io.graphperf.workloads.writes;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.measure.IdWrites;
import io.graphperf.core.measure.OperationSource;
import io.graphperf.studies.Dialect;
import io.graphperf.studies.Expressed;
import io.graphperf.studies.writes.WriteScenario;
import io.graphperf.studies.writes.WriteStatement;
import io.graphperf.studies.writes.WriteTexts;
import io.graphperf.workloads.cells.CellCheck;
import io.graphperf.workloads.cells.CountCheck;
import io.graphperf.workloads.cells.IdCheck;
import io.graphperf.workloads.cells.Scenario;
import io.graphperf.workloads.cells.ScenarioDialects;

import java.util.List;
import java.util.Optional;

/**
 * E4's scenarios in each engine's dialect. The study's Cypher is Neo4j's; another engine's module gives its own texts
 * ({@link WriteTexts}, from the {@link Dialect} its engine speaks): each scenario's statement, setup and checks as that dialect has
 * them, or why it cannot be written there. graphperf's batch writer is a plugin of Neo4j's: its scenarios are Neo4j's only.
 */
public final class WriteDialects {

    public static final ScenarioDialects ALL = WriteDialects::in;

    private WriteDialects() {
    }

    static Expressed<Scenario> in(Scenario s, DialectName dialect) {
        if (DialectName.NEO4J.equals(dialect)) return Expressed.as(s);
        Dialect d = Dialect.all().get(dialect);
        Optional<WriteTexts> texts = d == null ? Optional.empty() : d.writes();
        if (texts.isEmpty()) return ScenarioDialects.NEO4J.in(s, dialect);
        Optional<IdWrites> ids = s.operations() instanceof IdWrites w ? Optional.of(w) : Optional.empty();
        Optional<WriteStatement> statement = ids.flatMap(w -> WriteStatement.of(w.text()));
        if (statement.isEmpty()) {
            return Expressed.notExpressible(WriteScenarios.viaBatchWriter(s) ? "graphperf's batch writer is a Neo4j plugin"
                    : "its operations are not one of the study's statements, which the " + dialect + " dialect answers");
        }
        IdWrites w = ids.get();
        Expressed<WriteTexts.Written> e = texts.get().write(new WriteScenario(s.id(), statement.get(), s.query(), s.setup().contains(WriteScenarios.USER_INDEX),
                w.shape(), w.perOperation()));
        if (e.whyNot().isPresent()) return Expressed.notExpressible(e.whyNot().get());
        WriteTexts.Written t = e.form().orElseThrow();
        OperationSource operations = t.statement().map(text -> (OperationSource) new IdWrites(w.type(), text, w.shape(), w.perOperation(), w.txMode(),
                w.entities(), w.clientOffset())).orElse(s.operations());
        return Expressed.as(s.written(t.shown(), t.setup(), operations, checks(s, t)));
    }

    /** The study's checks, as the dialect asks them: replaced by its counts, or the ids summed up by the engine's host. */
    private static List<CellCheck> checks(Scenario s, WriteTexts.Written t) {
        if (!t.counts().isEmpty()) return t.counts().stream().map(c -> (CellCheck) new CountCheck(c.what(), c.query(), c.perOperation())).toList();
        return t.idsSummedOver().map(type -> s.checks().stream().map(c -> c instanceof IdCheck i ? (CellCheck) i.summedByHost(type) : c).toList())
                .orElse(s.checks());
    }
}
