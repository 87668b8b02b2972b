/**
 * The batch writer as a Neo4j plugin: its extension, procedures (graphperf.batch.submit) and the appliers that commit batches in
 * Neo4j.
 * <p>
 * May use: its parent package, core and Neo4j's plugin API.
 */
package io.graphperf.components.batchwriter.neo4j;
