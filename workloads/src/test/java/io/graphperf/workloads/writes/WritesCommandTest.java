package io.graphperf.workloads.writes;

import io.graphperf.core.UserError;
import io.graphperf.workloads.cells.ScenarioCells;
import org.junit.jupiter.api.Test;
import io.graphperf.workloads.options.EngineCatalog;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server warm-up's workloads: the cells' own by default, a fixed set with --server-warmup-on, whatever cells are measured. */
class WritesCommandTest {

    private static ScenarioCells.Plan plan(String... args) {
        WritesCommand c = new WritesCommand();
        c.engines(EngineCatalog.onClassPath());
        new CommandLine(c).parseArgs(args);
        return c.options().plan();
    }

    private static List<String> warmed(ScenarioCells.Plan p) {
        return p.warmupItems().stream().map(ScenarioCells.Item::label).toList();
    }

    @Test
    void theWarmupRunsTheCellsWorkloadsByDefault() {
        ScenarioCells.Plan p = plan("--scenarios", "create-labelled-indexed,unwind-1000", "--transports", "bolt");
        assertTrue(p.warmupOn().isEmpty());
        assertEquals(List.of("create-labelled-indexed/bolt", "unwind-1000/bolt"), warmed(p));
    }

    @Test
    void aFixedSetIsWarmedWhateverCellsAreMeasured() {
        String set = "unwind-1000,create-labelled,create-unlabelled,create-labelled-indexed";
        ScenarioCells.Plan alone = plan("--scenarios", "create-labelled-indexed", "--transports", "bolt,http", "--server-warmup-on", set);
        ScenarioCells.Plan after = plan("--scenarios", "unwind-1000,create-labelled,create-unlabelled,create-labelled-indexed", "--transports", "bolt,http",
                "--server-warmup-on", set);
        assertEquals(warmed(alone), warmed(after), "the same engine history before the first cell");
        assertEquals(8, warmed(alone).size(), "every named scenario over every transport of the run");
        assertEquals(List.of("create-labelled-indexed/bolt", "create-labelled-indexed/http"),
                alone.cells().stream().map(ScenarioCells.Item::label).toList(), "the cells are still only the ones asked for");
        ScenarioCells.Plan isolated = plan("--scenarios", "create-labelled-indexed", "--transports", "bolt", "--server-warmup-on", set, "--isolation", "cell");
        assertEquals(warmed(plan("--scenarios", "create-labelled-indexed", "--transports", "bolt", "--server-warmup-on", set)),
                warmed(isolated.only(isolated.cells().get(0))), "an engine per cell is warmed on the same set");
    }

    @Test
    void aWrongWarmupSetIsAnErrorNamingTheOption() {
        UserError unknown = assertThrows(UserError.class, () -> plan("--server-warmup-on", "create-labeled"));
        assertTrue(unknown.getMessage().contains("'create-labeled' (option --server-warmup-on)"), unknown.getMessage());
        UserError transport = assertThrows(UserError.class, () -> plan("--transports", "bolt", "--server-warmup-on", "batch-writer-ws-durable"));
        assertTrue(transport.getMessage().contains("batch-writer-ws-durable (option --server-warmup-on) runs over"), transport.getMessage());
        UserError skipped = assertThrows(UserError.class, () -> plan("--server-warmup-on", "unwind-1000", "--server-warmup", "0s"));
        assertTrue(skipped.getMessage().contains("--server-warmup 0s skips it"), skipped.getMessage());
    }
}
