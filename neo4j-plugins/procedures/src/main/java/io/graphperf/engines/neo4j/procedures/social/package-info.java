/**
 * E2's 19 queries as stored procedures (graphperf.social.q01 … q19).
 * <p>
 * May use: Neo4j's plugin API.
 */
package io.graphperf.engines.neo4j.procedures.social;
