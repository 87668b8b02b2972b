package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import io.graphperf.core.measure.Slowdown;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Two settings of the Neo4j engine host's process itself, for the runs that try to make trials less noisy (docs/compare.md):
 * {@value #JVM} adds JVM options (space-separated, e.g. {@code -XX:+AlwaysPreTouch} to touch the whole heap at start, or
 * {@code -XX:-TieredCompilation} for one JIT compiler), and {@value #CPUS} runs the host on those CPUs only ({@code taskset -c},
 * e.g. {@code 1}, so the harness can be kept on the others with {@code taskset -c 0 ./graphperf …}). Both go to run.json with the
 * other settings.
 */
final class HostJvmSettings {

    static final String JVM = "graphperf.host.jvm";
    static final String CPUS = "graphperf.host.cpus";

    private HostJvmSettings() {
    }

    /**
     * The JVM options {@value #JVM} gives (each must be one: starts with -), and the injected CPU slowdown ({@link Slowdown#CPU_SETTING})
     * as a system property, where graphperf's plugin reads it.
     */
    static List<String> options(HostSettings settings) {
        List<String> out = new ArrayList<>();
        Slowdown.of(Slowdown.CPU_SETTING, settings.extra().get(Slowdown.CPU_SETTING))
                .ifPresent(cpu -> out.add("-D" + Slowdown.CPU_SETTING + "=" + cpu.fraction()));
        String v = settings.extra().get(JVM);
        if (v == null || v.isBlank()) return out;
        List<String> given = Arrays.asList(v.trim().split("\\s+"));
        for (String o : given) {
            if (!o.startsWith("-")) throw new UserError("setting " + JVM + "=" + v + ": '" + o + "' is not a JVM option (each starts with -)");
        }
        out.addAll(given);
        return out;
    }

    /**
     * The machine's CPUs, whatever this JVM may use: the harness itself may run under taskset on fewer (the JVM's own count is
     * then that fewer).
     */
    static int machineCpus() {
        try (var cpus = Files.list(Path.of("/sys/devices/system/cpu"))) {
            long n = cpus.filter(p -> p.getFileName().toString().matches("cpu[0-9]+")).count();
            if (n > 0) return (int) n;
        } catch (IOException e) {
            // below
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /** What runs the host on the CPUs {@value #CPUS} names ({@code taskset -c LIST}), or nothing. */
    static List<String> prefix(HostSettings settings) {
        String v = settings.extra().get(CPUS);
        if (v == null || v.isBlank()) return List.of();
        if (!v.matches("[0-9]+([-,][0-9]+)*")) throw new UserError("setting " + CPUS + "=" + v + ": give a CPU list such as 1 or 0-1 or 0,2");
        int cpus = machineCpus();
        for (String n : v.split("[-,]")) {
            if (Integer.parseInt(n) >= cpus) throw new UserError("setting " + CPUS + "=" + v + ": this machine has CPUs 0 to " + (cpus - 1));
        }
        Path taskset = Path.of("/usr/bin/taskset");
        if (!Files.isExecutable(taskset)) throw new UserError("setting " + CPUS + " needs taskset (/usr/bin/taskset, Debian's util-linux), which is not here");
        return List.of(taskset.toString(), "-c", v);
    }
}
