package io.graphperf.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * graphperf k8s render's manifests against the Kubernetes API's own schema, offline: kubernetes-validate (its schemas are in the
 * package, from the Python registry) in strict mode, which also refuses fields the schema does not know.
 */
class K8sManifestsIT {

    static final String VALIDATOR = "kubernetes-validate==1.37.0";
    static final String KUBERNETES = "1.33.0";

    @Test
    void renderedManifestsPassTheKubernetesSchema(@TempDir Path dir) throws Exception {
        var o = CliErrorsTest.cli("k8s", "render", "--agents", "4", "--image", "registry.example/graphperf:1", "--namespace", "perf",
                "--password-secret", "neo4j-auth", "--out", dir.resolve("k8s").toString(), "--", "run", "writes", "--server", "bolt://neo4j.db.svc:7687",
                "--user", "neo4j", "--reset", "delete-all", "--scenarios", "create-labelled-indexed", "--load", "open", "--rate", "4000", "--clients", "16",
                "--warmup", "30s", "--duration", "2m");
        assertEquals(0, o.code(), o.failure());
        Path venv = dir.resolve("venv");
        run(dir, "python3", "-m", "venv", venv.toString());
        run(dir, venv.resolve("bin/python").toString(), "-m", "pip", "install", "-q", VALIDATOR);
        String checked = run(dir, venv.resolve("bin/kubernetes-validate").toString(), "--strict", "-k", KUBERNETES,
                dir.resolve("k8s/agents.yaml").toString(), dir.resolve("k8s/coordinator.yaml").toString());
        assertTrue(checked.contains("agents.yaml passed") && checked.contains("coordinator.yaml passed") && !checked.contains("ERROR"), checked);
    }

    private static String run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(List.of(cmd)).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), String.join(" ", cmd) + " did not end");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + out);
        return out;
    }
}
