package io.graphperf.engines.neo4j;

import java.util.Map;

/**
 * What the Neo4j adapter knows of graphperf's own Neo4j plugins, which the engine host loads: the batch
 * writer's HTTP endpoint (an unmanaged extension) and which procedures have an HTTP route of their own.
 */
public final class GraphperfPlugins {

    /** The batch writer's JAX-RS package, mounted at {@link #BATCH_WRITER_HTTP_PATH}. */
    public static final String BATCH_WRITER_HTTP_PACKAGE = "io.graphperf.components.batchwriter.neo4j.http";
    /** Where the batch writer's HTTP endpoint is mounted; the database name follows. */
    public static final String BATCH_WRITER_HTTP_PATH = "/graphperf/batch";
    /** Procedure → HTTP path (database appended) that takes the procedure's named arguments as its JSON body. */
    public static final Map<String, String> PROCEDURE_ROUTES = Map.of("graphperf.batch.submit", BATCH_WRITER_HTTP_PATH);

    private GraphperfPlugins() {
    }
}
