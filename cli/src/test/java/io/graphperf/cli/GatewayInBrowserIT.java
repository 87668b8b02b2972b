package io.graphperf.cli;

import io.graphperf.components.gateway.client.GatewayClient;
import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.core.report.HeadlessChromium;
import io.graphperf.engines.neo4j.HostSettings;
import io.graphperf.engines.neo4j.Neo4jEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A browser uses the gateway as browsers do: Chromium opens a page whose script connects with the JSON
 * subprotocol over permessage-deflate (Chromium always offers it), logs in and runs query 13 as a named procedure;
 * the rows it prints equal those the Java client gets.
 */
class GatewayInBrowserIT {

    @Test
    void chromiumRunsQuery13OverJsonAndPermessageDeflate(@TempDir Path dir) throws Exception {
        HeadlessChromium.assumeInstalled();
        try (Neo4jEngine engine = Neo4jEngine.embedded(new HostSettings(dir.resolve("engine"), "512m", "64m", null, null, 0, 0, Map.of()),
                Path.of(System.getProperty("graphperf.home", "..")))) {
            engine.execute("CREATE (a:Person {personKey: 1, firstName: 'Ada', lastName: 'Lovelace'}), "
                    + "(b:Person {personKey: 2, firstName: 'Alan', lastName: 'Turing'}), (c:Person {personKey: 3, firstName: 'Grace', lastName: 'Hopper'}), "
                    + "(a)-[:FRIEND_OF]->(b), (c)-[:FRIEND_OF]->(a)");
            List<List<Object>> expected;
            try (GatewayClient c = GatewayClient.connect(GatewayClient.Options.of(engine.gatewayUri(), Format.JSON, Compression.NONE))) {
                expected = c.procedure("graphperf.social.q13", Map.of("person", 1L)).rows();
            }
            assertEquals(2, expected.size());
            String script = """
                    new Promise((resolve, reject) => {
                      const ws = new WebSocket("%s", "graphperf.json");
                      ws.onopen = () => {
                        ws.send(JSON.stringify({id: 1, kind: "hello"}));
                        ws.send(JSON.stringify({id: 2, kind: "procedure", name: "graphperf.social.q13", args: {person: 1}}));
                      };
                      ws.onmessage = e => {
                        const m = JSON.parse(e.data);
                        if (m.id === 2) resolve(JSON.stringify({rows: m.rows, extensions: ws.extensions, protocol: ws.protocol}));
                      };
                      ws.onerror = () => reject(new Error("WebSocket error"));
                    })""".formatted(engine.gatewayUri());
            var answer = new com.fasterxml.jackson.databind.ObjectMapper().readTree(HeadlessChromium.evaluate(script, dir, java.time.Duration.ofSeconds(30)));
            assertTrue(answer.path("extensions").asText().startsWith("permessage-deflate"), "permessage-deflate was negotiated: " + answer);
            assertEquals("graphperf.json", answer.path("protocol").asText());
            String rows = answer.path("rows").toString();
            assertEquals(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(expected), rows);
        }
    }
}
