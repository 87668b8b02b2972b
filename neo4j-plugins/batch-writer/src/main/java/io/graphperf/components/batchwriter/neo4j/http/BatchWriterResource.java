package io.graphperf.components.batchwriter.neo4j.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.components.batchwriter.BatchWriter;
import io.graphperf.components.batchwriter.neo4j.BatchWriterProcedures;
import io.graphperf.components.batchwriter.neo4j.BatchWriters;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The writer over plain HTTP, for clients without a driver. Mounted by Neo4j as an unmanaged extension:
 * {@code server.unmanaged_extension_classes=io.graphperf.components.batchwriter.neo4j.http=/graphperf/batch}
 * (and {@code UNMANAGED_EXTENSIONS} in {@code server.http_enabled_modules}).
 *
 * <pre>
 * POST /graphperf/batch/{database}          {"statement": "...", "params": {...}, "ack": "durable"|"applied"}
 *      200 {"sequence": n, "ack": "durable"}
 *      400 bad request body · 422 the write failed and is in the dead-letter log (applied mode)
 *      503 + Retry-After: queue full, writer stopping or not acknowledged in time — nothing lost, retry
 * GET  /graphperf/batch/{database}/metrics  the same figures as graphperf.batch.metrics()
 * </pre>
 */
@Path("/")
public class BatchWriterResource {

    private static final ObjectMapper JSON = new ObjectMapper();

    @POST
    @Path("{database}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response submit(@PathParam("database") String database, String body) {
        String statement;
        Map<String, Object> params;
        String ack;
        try {
            Map<?, ?> request = JSON.readValue(body, Map.class);
            if (!(request.get("statement") instanceof String s) || s.isBlank()) return error(400, "the body needs a \"statement\" string");
            statement = s;
            Object p = request.get("params");
            if (p != null && !(p instanceof Map)) return error(400, "\"params\" must be an object");
            @SuppressWarnings("unchecked") Map<String, Object> pm = p == null ? Map.of() : (Map<String, Object>) p;
            params = pm;
            ack = request.get("ack") == null ? "durable" : request.get("ack").toString();
            BatchWriter.AckMode.parse(ack);
        } catch (IllegalArgumentException | IOException e) {
            return error(400, "bad request body: " + e.getMessage());
        }
        try {
            BatchWriter.Ack a = BatchWriterProcedures.submitAndWait(database, statement, params, ack);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("sequence", a.sequence());
            out.put("ack", a.mode().label());
            return json(200, out);
        } catch (IllegalArgumentException e) {
            return error(400, e.getMessage());
        } catch (IllegalStateException e) {
            return error(422, e.getMessage());
        } catch (Exception e) {
            return Response.status(503).header("Retry-After", "1").type(MediaType.APPLICATION_JSON)
                    .entity(text(Map.of("error", String.valueOf(e.getMessage()), "retryable", true))).build();
        }
    }

    @GET
    @Path("{database}/metrics")
    @Produces(MediaType.APPLICATION_JSON)
    public Response metrics(@PathParam("database") String database) {
        try {
            return json(200, BatchWriters.require(database).metrics(false));
        } catch (BatchWriter.Rejected e) {
            return error(404, e.getMessage());
        } catch (Exception e) {
            return error(500, e.toString());
        }
    }

    private static Response error(int status, String message) {
        return json(status, Map.of("error", message == null ? "" : message));
    }

    private static Response json(int status, Map<String, ?> body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(text(body)).build();
    }

    private static String text(Map<String, ?> body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (IOException e) {
            return "{\"error\":\"unprintable response\"}";
        }
    }
}
