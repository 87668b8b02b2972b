package io.graphperf.workloads.cells;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Expressed;

/**
 * An experiment's scenarios in each engine's dialect, in one place: the scenario itself in Neo4j's Cypher, rewritten (its
 * text and schema) where another engine's differs, or why it cannot be written there — shown as "not expressible" with
 * that reason, never silently left out.
 */
@FunctionalInterface
public interface ScenarioDialects {

    /** The scenario as {@code dialect} has it, or why it cannot be written there. */
    Expressed<Scenario> in(Scenario s, DialectName dialect);

    /** Scenarios written for Neo4j's Cypher only. */
    ScenarioDialects NEO4J = (s, dialect) -> DialectName.NEO4J.equals(dialect) ? Expressed.as(s)
            : Expressed.notExpressible("written for Neo4j's Cypher only, not for " + dialect + "'s");
}
