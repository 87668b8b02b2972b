/**
 * The batch writer's HTTP endpoint inside Neo4j.
 * <p>
 * May use: the batch writer's packages and Neo4j's plugin API.
 */
package io.graphperf.components.batchwriter.neo4j.http;
