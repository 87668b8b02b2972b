import io.graphperf.components.gateway.client.GatewayClient;
import io.graphperf.components.gateway.client.GatewayException;
import io.graphperf.components.gateway.client.Response;
import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Format;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The gateway from Java, against `graphperf serve --dataset social --scale 0.1` (GRAPHPERF_GATEWAY points it elsewhere): Cypher,
 * a stored procedure by name, and writes through the durable batch writer. Compiled by DocsCommandsTest against the client.
 */
public class GatewayExample {
    public static void main(String[] args) throws Exception {
        String uri = System.getenv().getOrDefault("GRAPHPERF_GATEWAY", "ws://127.0.0.1:7688/graphperf");
        GatewayClient.Options options = GatewayClient.Options.of(URI.create(uri), Format.BSON, Compression.ZSTD)
                .withLogin(null, null, System.getenv("GRAPHPERF_TOKEN"));
        try (GatewayClient g = GatewayClient.connect(options)) {
            Response people = g.cypher("MATCH (p:Person) RETURN count(p) AS people", Map.of());
            System.out.println("people: " + people.rows().get(0).get(0));

            Object key = g.cypher("MATCH (p:Person) RETURN p.personKey LIMIT 1", Map.of()).rows().get(0).get(0);
            Response profile = g.procedure("graphperf.social.q10", Map.of("person", key));
            System.out.println("a profile, the server's time " + profile.serverNanos() + " ns");

            // writes through the batch writer: each acknowledged once logged durably, applied in batches
            List<CompletableFuture<Response>> acks = new ArrayList<>();
            for (int n = 0; n < 1000; n++) acks.add(g.submitAsync("CREATE (:Visit {n: $n})", Map.of("n", n), "durable"));
            for (CompletableFuture<Response> a : acks) g.answer(a);
            System.out.println("acknowledged writes: " + acks.size());

            try {
                g.cypher("RETURN 1 +", Map.of());
            } catch (GatewayException e) {
                System.out.println("an error names its code: " + e.code());
            }
        }
    }
}
