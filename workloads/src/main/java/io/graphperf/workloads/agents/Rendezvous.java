package io.graphperf.workloads.agents;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.DialectName;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.InProcessPlan;
import io.graphperf.core.measure.InProcessResult;
import io.graphperf.core.report.JsonExporter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The folder a coordinator and its load agents share: a local folder for {@code --agents N}, a shared volume for agents
 * elsewhere (a Kubernetes indexed Job). Every file is written whole (to a temporary name, then moved), so a reader sees it
 * complete or not at all; nothing is ever rewritten.
 *
 * <pre>
 * coordinator.json            the coordinator: experiment, agents, clock endpoint, the clock bound
 * agents/agent-I.json         agent I joined: its host, pid and clock offset
 * agents/agent-I.log          a local agent's console
 * agents/agent-I.beat         agent I's heartbeat: a counter it rewrites every second while it runs
 * shared/FILE                 what the coordinator gives every agent besides its requests (the reads' parameter sets)
 * cells/NNNN/request.json     cell NNNN: scenario, transport, plan, the engine's addresses
 * cells/NNNN/agent-I.ready    agent I has its sessions open for cell NNNN and waits for the start
 * cells/NNNN/start.json       the common start instant, set once every agent is ready
 * cells/NNNN/agent-I.json     agent I's measurement of its segment (with its accounting), or its failure
 * cells/NNNN/agent-I.hlog     agent I's interval histograms, timestamps from the common start
 * done | abort                the run ended (abort: why it failed)
 * </pre>
 */
public record Rendezvous(Path dir) {

    /** The coordinator, as agents find it. */
    public record Coordinator(String experiment, int agents, String clockAddress, double maxClockOffsetMs, String host, long pid) {
    }

    /** An agent that joined, with its clock's offset from the coordinator's (coordinator minus agent) and that offset's error bound. */
    public record Joined(int agent, String host, long pid, double clockOffsetMs, double clockErrorMs) {
    }

    /**
     * One cell for the agents to measure.
     *
     * @param addresses   where the agents reach the engine, by transport ("bolt" → a Bolt URI, "http" → the HTTP API's URL)
     * @param plan        the run plan as plain values (its operations are the scenario's, looked up by id)
     * @param details     what else the experiment needs to rebuild the cell's operations and name its cell (e.g. the reads' queries and form)
     */
    public record Request(int cell, String experiment, String scenario, DialectName dialect, String transport, Map<String, String> addresses,
                          InProcessPlan plan, Map<String, String> details) {

        public Request {
            details = details == null ? Map.of() : Map.copyOf(details);
        }

        /** Addresses as they travel: by the transport's name as written. */
        public static Map<String, String> onTheWire(Map<TransportName, String> addresses) {
            Map<String, String> m = new LinkedHashMap<>();
            addresses.forEach((t, a) -> m.put(t.id(), a));
            return m;
        }

        /** The addresses read back by transport; a name this graphperf does not know is an error naming it. */
        public Map<TransportName, String> reachable() {
            Map<TransportName, String> m = new LinkedHashMap<>();
            addresses.forEach((t, a) -> m.put(TransportName.of(t), a));
            return m;
        }
    }

    /** A cell's common start instant on the coordinator's clock (epoch ms), set once every agent reported ready. */
    public record Start(int cell, long startMillis) {
    }

    /** An agent's outcome for one cell: its measurement with its accounting, or why it failed. */
    public record Result(int agent, String host, long pid, InProcessResult measured, String failure) {
    }

    static final ObjectMapper JSON = JsonExporter.mapper();

    public Path coordinator() {
        return dir.resolve("coordinator.json");
    }

    /** The files the coordinator shares with every agent (each written before the first request that needs it). */
    public Path shared() {
        return dir.resolve("shared");
    }

    public Path joined(int agent) {
        return dir.resolve("agents").resolve("agent-" + agent + ".json");
    }

    public Path heartbeat(int agent) {
        return dir.resolve("agents").resolve("agent-" + agent + ".beat");
    }

    public Path console(int agent) {
        return dir.resolve("agents").resolve("agent-" + agent + ".log");
    }

    public Path cell(int cell) {
        return dir.resolve("cells").resolve(String.format("%04d", cell));
    }

    public Path request(int cell) {
        return cell(cell).resolve("request.json");
    }

    public Path ready(int cell, int agent) {
        return cell(cell).resolve("agent-" + agent + ".ready");
    }

    public Path start(int cell) {
        return cell(cell).resolve("start.json");
    }

    public Path result(int cell, int agent) {
        return cell(cell).resolve("agent-" + agent + ".json");
    }

    public Path log(int cell, int agent) {
        return cell(cell).resolve("agent-" + agent + ".hlog");
    }

    public Path done() {
        return dir.resolve("done");
    }

    public Path abort() {
        return dir.resolve("abort");
    }

    /** Writes a message (a record as JSON, a text, or a copy of a file) whole: readers see all of it or none. */
    public static void write(Path file, Object message) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        if (message instanceof Path from) Files.copy(from, tmp, StandardCopyOption.REPLACE_EXISTING);
        else if (message instanceof String text) Files.writeString(tmp, text);
        else JSON.writeValue(tmp.toFile(), message);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads a message; a file that is not one is an error naming it. */
    public static <T> T read(Path file, Class<T> type) {
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (IOException e) {
            throw new UserError(file + " is not a graphperf agents' " + type.getSimpleName().toLowerCase() + " message: " + e.getMessage());
        }
    }

    /** Why the run was aborted, or null. */
    public String aborted() throws IOException {
        return Files.isRegularFile(abort()) ? Files.readString(abort()).trim() : null;
    }
}
