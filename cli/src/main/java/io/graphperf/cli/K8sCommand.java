package io.graphperf.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.graphperf.core.UserError;
import io.graphperf.core.report.Format;
import io.graphperf.workloads.agents.AgentScenarios;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "k8s", mixinStandardHelpOptions = true, description = "Kubernetes manifests for a run split over many load agents.",
        subcommands = K8sCommand.Render.class)
public final class K8sCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new UserError("give a subcommand: graphperf k8s render --help");
    }

    @Command(name = "render", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Writes the manifests of a run split over N load agents on Kubernetes: agents.yaml, an Indexed Job of N agent pods",
                    "(completionMode Indexed; JOB_COMPLETION_INDEX is each pod's segment I/N; backoffLimit 0 and restartPolicy Never, so a failed",
                    "agent fails the run and is never re-run late), and coordinator.yaml, a Job running the given graphperf run with --agents N",
                    "--rendezvous on the shared volume: it waits for the agents, drives every cell, merges their histograms exactly and writes",
                    "the results folder there. Both mount one ReadWriteMany PersistentVolumeClaim (--claim) at /shared."},
            footer = {"", "Example:", "  graphperf k8s render --agents 8 --image registry.example/graphperf:1.0 --claim graphperf-shared --out k8s/ \\",
                    "      -- run writes --server bolt://neo4j.db.svc:7687 --user neo4j --reset delete-all --scenarios create-labelled-indexed \\",
                    "         --load open --rate 20000 --clients 64 --warmup 30s --duration 2m",
                    "  graphperf k8s render --agents 4 --image registry.example/graphperf:1.0 --name e2-reads --out k8s/ \\",
                    "      -- run reads --server bolt://neo4j.db.svc:7687 --user neo4j --transports bolt --rates 2000,8000 --threads 64,256 --warmup 30s",
                    "  kubectl apply -f k8s/coordinator.yaml -f k8s/agents.yaml"})
    public static final class Render implements Callable<Integer> {

        static final String SHARED = "/shared";

        @Option(names = "--agents", required = true, paramLabel = "N", description = "Load agents (pods of the Indexed Job).")
        int agents;
        @Option(names = "--image", paramLabel = "IMAGE", description = {"A container image with graphperf on its PATH (default: graphperf:VERSION,",
                "the image release/image/build.sh makes, once pushed where the cluster pulls from; docs/agents.md)."})
        String image = "graphperf:" + Main.Version.version();
        @Option(names = "--claim", paramLabel = "NAME", description = "A ReadWriteMany PersistentVolumeClaim both Jobs mount at /shared (default: graphperf-shared).")
        String claim = "graphperf-shared";
        @Option(names = "--name", paramLabel = "NAME", description = "The run's name: the Jobs' names and its folder on the volume (default: graphperf-run).")
        String name = "graphperf-run";
        @Option(names = "--namespace", paramLabel = "NS", description = "Namespace of the Jobs (default: none, kubectl's current).")
        String namespace;
        @Option(names = "--password-secret", paramLabel = "SECRET", description = "A Secret whose key 'password' is the engine's password (GRAPHPERF_PASSWORD).")
        String passwordSecret;
        @Option(names = "--agent-cpu", paramLabel = "CPU", description = "CPU each agent requests and is limited to (default: 2).")
        String agentCpu = "2";
        @Option(names = "--agent-memory", paramLabel = "BYTES", description = "Memory each agent requests and is limited to (default: 2Gi).")
        String agentMemory = "2Gi";
        @Option(names = "--deadline", paramLabel = "SECONDS", description = "activeDeadlineSeconds of both Jobs (default: 21600, 6 hours).")
        long deadline = 21_600;
        @Option(names = "--out", paramLabel = "DIR", description = "Folder for agents.yaml and coordinator.yaml (default: k8s).")
        Path out = Path.of("k8s");
        @Parameters(paramLabel = "-- run EXPERIMENT OPTIONS", description = "The graphperf run to split, after --.")
        List<String> run = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            if (agents < 1) throw new UserError("--agents must be at least 1, not " + agents);
            if (run.size() < 2 || !run.get(0).equals("run")) throw new UserError("give the run to split after --, e.g. -- run writes --server bolt://neo4j:7687 …");
            if (!AgentScenarios.supports(run.get(1))) {
                throw new UserError("load agents send the cells of " + Format.list(AgentScenarios.supported()) + " only, not " + run.get(1) + "'s");
            }
            for (String banned : List.of("--agents", "--rendezvous", "--advertise", "--out")) {
                if (run.stream().anyMatch(a -> a.equals(banned) || a.startsWith(banned + "="))) {
                    throw new UserError(banned + " is set by graphperf k8s render; leave it out of the run after --");
                }
            }
            if (run.stream().noneMatch(a -> a.equals("--server") || a.startsWith("--server="))) {
                throw new UserError("the run needs --server (the engine the agents reach from their pods, e.g. bolt://neo4j.db.svc:7687)");
            }
            if (!name.matches("[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?")) throw new UserError("--name " + name + ": lower-case letters, digits and '-' (a Kubernetes name)");
            Files.createDirectories(out);
            ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));
            Path a = out.resolve("agents.yaml"), c = out.resolve("coordinator.yaml");
            yaml.writeValue(a.toFile(), agentsJob());
            yaml.writeValue(c.toFile(), coordinatorJob());
            System.out.println("graphperf k8s render: " + a + " (Indexed Job " + name + "-agents, " + agents + " pods), " + c + " (Job " + name
                    + "-coordinator); results in " + SHARED + "/" + name + "/results on claim " + claim);
            System.out.println("  kubectl apply -f " + c + " -f " + a);
            return 0;
        }

        String rendezvous() {
            return SHARED + "/" + name + "/agents";
        }

        Map<String, Object> agentsJob() {
            List<String> args = List.of("agent", "--rendezvous", rendezvous(), "--segment", "$(JOB_COMPLETION_INDEX)/" + agents);
            List<Object> env = new ArrayList<>();
            env.add(Map.of("name", "JOB_COMPLETION_INDEX", "valueFrom", Map.of("fieldRef",
                    Map.of("fieldPath", "metadata.annotations['batch.kubernetes.io/job-completion-index']"))));
            password(env);
            Map<String, Object> spec = new LinkedHashMap<>();
            spec.put("completionMode", "Indexed");
            spec.put("completions", agents);
            spec.put("parallelism", agents);
            spec.put("backoffLimit", 0);
            spec.put("activeDeadlineSeconds", deadline);
            spec.put("template", pod("agent", args, env, Map.of("cpu", agentCpu, "memory", agentMemory)));
            return job(name + "-agents", spec);
        }

        Map<String, Object> coordinatorJob() {
            List<String> args = new ArrayList<>(run);
            args.addAll(List.of("--agents", Integer.toString(agents), "--rendezvous", rendezvous(), "--advertise", "$(POD_IP)",
                    "--out", SHARED + "/" + name + "/results"));
            List<Object> env = new ArrayList<>();
            env.add(Map.of("name", "POD_IP", "valueFrom", Map.of("fieldRef", Map.of("fieldPath", "status.podIP"))));
            password(env);
            Map<String, Object> spec = new LinkedHashMap<>();
            spec.put("backoffLimit", 0);
            spec.put("activeDeadlineSeconds", deadline);
            spec.put("template", pod("coordinator", args, env, Map.of("cpu", "1", "memory", "1Gi")));
            return job(name + "-coordinator", spec);
        }

        private void password(List<Object> env) {
            if (passwordSecret != null) {
                env.add(Map.of("name", "GRAPHPERF_PASSWORD", "valueFrom", Map.of("secretKeyRef", Map.of("name", passwordSecret, "key", "password"))));
            }
        }

        private Map<String, Object> pod(String role, List<String> args, List<Object> env, Map<String, String> resources) {
            Map<String, Object> container = new LinkedHashMap<>();
            container.put("name", role);
            container.put("image", image);
            container.put("command", List.of("graphperf"));
            container.put("args", args);
            container.put("env", env);
            container.put("resources", Map.of("requests", resources, "limits", resources));
            container.put("volumeMounts", List.of(Map.of("name", "shared", "mountPath", SHARED)));
            Map<String, Object> podSpec = new LinkedHashMap<>();
            podSpec.put("restartPolicy", "Never");
            // graphperf's image runs as user 1000; the shared volume is made writable for its group
            podSpec.put("securityContext", Map.of("runAsNonRoot", true, "runAsUser", 1000, "runAsGroup", 1000, "fsGroup", 1000));
            podSpec.put("containers", List.of(container));
            podSpec.put("volumes", List.of(Map.of("name", "shared", "persistentVolumeClaim", Map.of("claimName", claim))));
            return Map.of("metadata", Map.of("labels", Map.of("app.kubernetes.io/name", "graphperf", "graphperf/run", name, "graphperf/role", role)),
                    "spec", podSpec);
        }

        private Map<String, Object> job(String jobName, Map<String, Object> spec) {
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("name", jobName);
            if (namespace != null) meta.put("namespace", namespace);
            meta.put("labels", Map.of("app.kubernetes.io/name", "graphperf", "graphperf/run", name));
            Map<String, Object> job = new LinkedHashMap<>();
            job.put("apiVersion", "batch/v1");
            job.put("kind", "Job");
            job.put("metadata", meta);
            job.put("spec", spec);
            return job;
        }
    }
}
