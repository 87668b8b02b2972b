package io.graphperf.cli;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.Segment;
import io.graphperf.engines.neo4j.Neo4jEngine;
import io.graphperf.workloads.agents.AgentLoop;
import io.graphperf.workloads.options.DurationConverter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "agent", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"One load agent of a run split over several (graphperf run writes|reads --agents N --rendezvous DIR): joins the coordinator through",
                "the shared folder, measures its clock's offset, then sends its segment of every cell's schedule from the common start and writes",
                "its interval histograms and accounting back. Exits 0 when the coordinator is done, 1 when the run was aborted or the coordinator is gone."},
        footer = {"", "Example (agent 2 of 4; on Kubernetes the index is JOB_COMPLETION_INDEX):",
                "  graphperf agent --rendezvous /shared/run-1 --segment 2/4"})
public final class AgentCommand implements Callable<Integer> {

    @Option(names = "--rendezvous", required = true, paramLabel = "DIR", description = "The folder shared with the coordinator.")
    Path rendezvous;
    @Option(names = "--segment", required = true, paramLabel = "I/N", description = "This agent: I of N, counted from 0.")
    String segment;
    @Option(names = "--user", description = "User for the engine (default: the coordinator's engine needs none).")
    String user;
    @Option(names = "--password", description = "Password for the engine (or set GRAPHPERF_PASSWORD).")
    String password;
    @Option(names = "--database", description = "Database (default: neo4j).")
    String database;
    @Option(names = "--idle", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Give up after waiting this long for the coordinator's next word (default: 30m).")
    Duration idle = Duration.ofMinutes(30);
    @Option(names = "--parent-pid", hidden = true, description = "The coordinator that started this agent: stop when it is gone.")
    Long parentPid;

    @Override
    public Integer call() throws Exception {
        Segment seg;
        try {
            seg = Segment.parse(segment);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage() + " (option --segment)");
        }
        if (!Files.isDirectory(rendezvous)) throw new UserError("the agents' folder " + rendezvous + " does not exist (option --rendezvous)");
        String pw = password != null ? password : System.getenv("GRAPHPERF_PASSWORD");
        Map<String, Neo4jEngine> engines = new LinkedHashMap<>();
        AgentLoop.Connector connector = new AgentLoop.Connector() {
            @Override
            public Transport transport(Map<TransportName, String> addresses, TransportName name) {
                String bolt = addresses.get(TransportName.BOLT);
                if (bolt == null) throw new UserError("the coordinator's engine has no Bolt address for agents");
                Neo4jEngine e = engines.computeIfAbsent(bolt, b -> Neo4jEngine.remote(b, user, pw, database == null ? "neo4j" : database,
                        addresses.get(TransportName.HTTP), false));
                return e.transport(name);
            }

            @Override
            public void close() {
                engines.values().forEach(Neo4jEngine::close);
            }
        };
        return new AgentLoop(rendezvous.toAbsolutePath(), seg, parentPid, idle, System.out, () -> System.exit(1)).run(connector);
    }
}
