package io.graphperf.cli;

import io.graphperf.datagen.Datagen;
import io.graphperf.workloads.options.EngineCatalog;
import io.graphperf.workloads.imports.ImportCommand;
import io.graphperf.workloads.reads.ReadsCommand;
import io.graphperf.workloads.workload.WorkloadCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One dataset, one default seed: the social dataset {@code graphperf datagen social} writes when no seed is given must be the one
 * {@code run reads} checks a server's answers against, and the one {@code run import} and {@code run workload} generate — or a user
 * who loads their server as the README says sees every result check fail. Each command's effective default is read from the command
 * itself (its parsed options), not from its help text.
 */
class DatasetSeedTest {

    @Test
    void everyCommandThatGeneratesOrChecksTheDatasetDefaultsToTheSameSeed(@TempDir Path dir) throws Exception {
        Map<String, Long> seeds = new TreeMap<>();
        DatagenCommand.Social social = new DatagenCommand.Social();
        new CommandLine(social).parseArgs("--scale", "1", "--out", "x");
        seeds.put("datagen social --seed", social.options.seed);
        DatagenCommand.Export export = new DatagenCommand.Export(EngineCatalog.onClassPath());
        new CommandLine(export).parseArgs("--engine", "orientdb", "--out", "x");
        seeds.put("datagen export --seed", export.seed);

        ReadsCommand reads = new ReadsCommand();
        reads.engines(EngineCatalog.onClassPath());
        new CommandLine(reads).parseArgs();
        seeds.put("run reads --dataset-seed", reads.options().datasetSeed());
        ImportCommand imports = new ImportCommand();
        imports.engines(EngineCatalog.onClassPath());
        new CommandLine(imports).parseArgs();
        seeds.put("run import --dataset-seed", imports.options().datasetSeed());
        // E2 as a workload file, its own seed line dropped (its parameter files named by absolute paths from the copy)
        Path example = DocsCommandsTest.ROOT.resolve("examples/workloads/e2-reads.yaml");
        String text = Files.readString(example).replace("dataset-seed: 1\n", "")
                .replace("{csv: e2-reads/", "{csv: " + example.getParent().resolve("e2-reads") + "/");
        Path file = Files.writeString(dir.resolve("e2-reads.yaml"), text);
        WorkloadCommand workload = new WorkloadCommand();
        workload.engines(EngineCatalog.onClassPath());
        new CommandLine(workload).parseArgs(file.toString());
        seeds.put("run workload --dataset-seed", workload.options().data().seed());

        for (Map.Entry<String, Long> e : seeds.entrySet()) {
            assertEquals(Datagen.DEFAULT_SEED, e.getValue(), e.getKey() + "'s default differs from the others': " + seeds);
        }
    }
}
