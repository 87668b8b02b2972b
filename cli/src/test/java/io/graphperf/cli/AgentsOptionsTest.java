package io.graphperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.graphperf.workloads.reads.ReadsOptions;
import io.graphperf.workloads.writes.WritesOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.graphperf.cli.CliErrorsTest.assertCleanError;
import static io.graphperf.cli.CliErrorsTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Load agents' options and Kubernetes manifests, without an engine: what is accepted, what is refused and why. */
class AgentsOptionsTest {

    @Test
    void agentsAreChosenWithAFixedWarmupAndClientsThatSplit() {
        WritesOptions o = (WritesOptions) CliErrorsTest.options("run", "writes", "--agents", "4", "--clients", "8", "--warmup", "5s",
                "--transports", "bolt", "--scenarios", "create-labelled-indexed");
        assertEquals(4, o.agents().orElseThrow().count());
        assertNull(o.agents().orElseThrow().rendezvous(), "local agents: graphperf starts them");
        assertEquals(5.0, o.agents().orElseThrow().maxClockOffsetMs());
        assertNull(o.agents().orElseThrow().startAt(), "as soon as ready unless --start-at");
        WritesOptions at = (WritesOptions) CliErrorsTest.options("run", "writes", "--agents", "2", "--warmup", "5s", "--transports", "bolt",
                "--start-at", "2099-01-01T09:00:00Z");
        assertEquals(java.time.Instant.parse("2099-01-01T09:00:00Z"), at.agents().orElseThrow().startAt());
        assertTrue(((WritesOptions) CliErrorsTest.options("run", "writes")).agents().isEmpty(), "no agents unless asked");
        ReadsOptions reads = (ReadsOptions) CliErrorsTest.options("run", "reads", "--agents", "4", "--warmup", "5s", "--sweep-clients", "8");
        assertEquals(4, reads.agents().orElseThrow().count(), "the reads split their load cells too");
        assertTrue(((ReadsOptions) CliErrorsTest.options("run", "reads")).agents().isEmpty());
    }

    @Test
    void whatAgentsCannotDoIsRefusedByName(@TempDir Path dir) {
        assertCleanError(cli("run", "writes", "--agents", "4", "--scenarios", "create-labelled-indexed", "--transports", "bolt", "--out", dir.toString()),
                "--agents needs a fixed --warmup");
        assertCleanError(cli("run", "writes", "--agents", "3", "--clients", "8", "--warmup", "5s", "--transports", "bolt", "--out", dir.toString()),
                "8 clients do not split over 3 agents");
        assertCleanError(cli("run", "writes", "--agents", "2", "--warmup", "5s", "--transports", "ws-bson", "--scenarios", "create-labelled-indexed",
                "--out", dir.toString()), "transport ws-bson");
        assertCleanError(cli("run", "writes", "--agents", "3", "--clients", "9", "--warmup", "5s", "--transports", "bolt", "--scenarios",
                "create-labelled-indexed-c8", "--out", dir.toString()), "scenario create-labelled-indexed-c8 fixes 8 client(s)");
        assertCleanError(cli("run", "writes", "--rendezvous", dir.toString(), "--out", dir.toString()), "--rendezvous applies to --agents");
        assertCleanError(cli("run", "reads", "--agents", "2", "--out", dir.toString()), "--agents needs a fixed --warmup");
        assertCleanError(cli("run", "reads", "--agents", "3", "--warmup", "5s", "--out", dir.toString()), "--sweep-clients 64 does not split over 3 agents");
        assertCleanError(cli("run", "reads", "--agents", "2", "--warmup", "5s", "--transports", "embedded", "--servers", "0", "--out", dir.toString()),
                "--agents sends over bolt and http");
        assertCleanError(cli("run", "reads", "--agents", "2", "--warmup", "5s", "--engine", "kuzu", "--out", dir.toString()), "--agents sends to Neo4j");
        assertCleanError(cli("run", "writes", "--agents", "2", "--warmup", "5s", "--transports", "bolt", "--rendezvous", dir.toString(), "--repeat", "3",
                "--out", dir.toString()), "one trial");
        assertCleanError(cli("run", "writes", "--agents", "2", "--warmup", "5s", "--transports", "bolt", "--start-at", "tomorrow", "--out", dir.toString()),
                "--start-at tomorrow: give an instant");
        assertCleanError(cli("run", "writes", "--agents", "2", "--warmup", "5s", "--transports", "bolt", "--start-at", "2020-01-01T00:00:00Z",
                "--out", dir.toString()), "has passed");
        assertCleanError(cli("agent", "--rendezvous", dir.resolve("nowhere").toString(), "--segment", "0/2"), "does not exist (option --rendezvous)");
        assertCleanError(cli("agent", "--rendezvous", dir.toString(), "--segment", "2/2"), "agent 2 is not one of 0 to 1 (option --segment)");
        assertCleanError(cli("merge", dir.toString(), "--out", dir.resolve("merged").toString()), "not a load agents' folder");
    }

    @Test
    void k8sRenderWritesAnIndexedJobOfAgentsAndACoordinatorJob(@TempDir Path dir) throws Exception {
        var o = cli("k8s", "render", "--agents", "8", "--image", "registry.example/graphperf:1", "--claim", "shared", "--name", "e4-open",
                "--password-secret", "neo4j-auth", "--out", dir.toString(), "--", "run", "writes", "--server", "bolt://neo4j.db.svc:7687", "--user", "neo4j",
                "--reset", "delete-all", "--scenarios", "create-labelled-indexed", "--load", "open", "--rate", "20000", "--clients", "64", "--warmup", "30s");
        assertEquals(0, o.code(), o.failure());
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        JsonNode agents = yaml.readTree(dir.resolve("agents.yaml").toFile());
        assertEquals("Job", agents.at("/kind").asText());
        assertEquals("Indexed", agents.at("/spec/completionMode").asText());
        assertEquals(8, agents.at("/spec/completions").asInt());
        assertEquals(8, agents.at("/spec/parallelism").asInt());
        assertEquals(0, agents.at("/spec/backoffLimit").asInt(), "a failed agent fails the run: never re-run late");
        assertEquals("Never", agents.at("/spec/template/spec/restartPolicy").asText());
        JsonNode agent = agents.at("/spec/template/spec/containers/0");
        assertEquals(List.of("agent", "--rendezvous", "/shared/e4-open/agents", "--segment", "$(JOB_COMPLETION_INDEX)/8"), strings(agent.at("/args")));
        assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']", agent.at("/env/0/valueFrom/fieldRef/fieldPath").asText());
        assertEquals("neo4j-auth", agent.at("/env/1/valueFrom/secretKeyRef/name").asText());
        assertEquals("shared", agents.at("/spec/template/spec/volumes/0/persistentVolumeClaim/claimName").asText());
        JsonNode coordinator = yaml.readTree(dir.resolve("coordinator.yaml").toFile()).at("/spec/template/spec/containers/0");
        List<String> args = strings(coordinator.at("/args"));
        assertEquals(List.of("run", "writes", "--server", "bolt://neo4j.db.svc:7687"), args.subList(0, 4), "the run as given");
        String joined = String.join(" ", args);
        assertTrue(joined.endsWith("--agents 8 --rendezvous /shared/e4-open/agents --advertise $(POD_IP) --out /shared/e4-open/results"), joined);
        assertEquals("status.podIP", coordinator.at("/env/0/valueFrom/fieldRef/fieldPath").asText());
        // and the run it names would be accepted by graphperf itself (agents, rendezvous and all)
        List<String> run = new ArrayList<>(args);
        run.set(run.indexOf("$(POD_IP)"), "10.0.0.7");
        WritesOptions parsed = (WritesOptions) CliErrorsTest.options(run.toArray(String[]::new));
        assertEquals(8, parsed.agents().orElseThrow().count());
        assertEquals(Path.of("/shared/e4-open/agents"), parsed.agents().orElseThrow().rendezvous());

        assertCleanError(cli("k8s", "render", "--agents", "2", "--image", "x", "--out", dir.toString(), "--", "run", "writes", "--agents", "3"),
                "--agents is set by graphperf k8s render");
        assertCleanError(cli("k8s", "render", "--agents", "2", "--image", "x", "--out", dir.toString(), "--", "run", "writes"), "the run needs --server");
        assertCleanError(cli("k8s", "render", "--agents", "2", "--image", "x", "--out", dir.toString(), "--", "run", "import", "--server", "bolt://x:7687"),
                "load agents send the cells of reads, writes and workload only");
        assertEquals(0, cli("k8s", "render", "--agents", "2", "--image", "x", "--out", dir.resolve("reads").toString(), "--", "run", "reads", "--server",
                "bolt://x:7687", "--warmup", "10s").code(), "the reads split over agents too");
        // without --image: the image release/image/build.sh tags, run as its user 1000
        assertEquals(0, cli("k8s", "render", "--agents", "2", "--out", dir.resolve("default").toString(), "--", "run", "writes", "--server",
                "bolt://x:7687", "--warmup", "10s").code());
        String rendered = Files.readString(dir.resolve("default").resolve("agents.yaml"));
        assertTrue(rendered.contains("image: \"graphperf:" + Main.Version.version() + "\"") || rendered.contains("image: graphperf:" + Main.Version.version()),
                rendered);
        assertTrue(rendered.contains("runAsUser: 1000") && rendered.contains("fsGroup: 1000"), rendered);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
