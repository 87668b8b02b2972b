package io.graphperf.workloads.cells;

/**
 * An experiment's scenarios in each engine's dialect, in one place: the scenario itself in Neo4j's Cypher, rewritten (its
 * text and schema) where another engine's differs, or why it cannot be written there — shown as "not expressible" with
 * that reason, never silently left out.
 */
@FunctionalInterface
public interface ScenarioDialects {

    /** The scenario as {@code dialect} has it. */
    Written in(Scenario s, String dialect);

    /** A scenario in a dialect, or (scenario null) why it cannot be written in it. */
    record Written(Scenario scenario, String whyNot) {

        public static Written as(Scenario s) {
            return new Written(s, null);
        }

        public static Written notExpressible(String why) {
            return new Written(null, why);
        }
    }

    /** Scenarios written for Neo4j's Cypher only. */
    ScenarioDialects NEO4J = (s, dialect) -> "neo4j".equals(dialect) ? Written.as(s)
            : Written.notExpressible("written for Neo4j's Cypher only, not for " + dialect + "'s");
}
