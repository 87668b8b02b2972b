package io.graphperf.workloads.imports;

import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.report.ReportSection;
import io.graphperf.core.results.Cell;
import io.graphperf.core.results.ExperimentData;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiment;
import io.graphperf.workloads.RunContext;
import io.graphperf.workloads.TrialResult;
import io.graphperf.workloads.options.ExperimentCommand;
import io.graphperf.core.report.Format;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** E1 — bulk import, schema, cache warm-up (spec: workloads.md, E1): a study of timed phases, one set per dataset scale. */
public final class ImportExperiment implements Experiment<ImportOptions> {

    public static final String NAME = "import";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "E1 — bulk import, schema, cache warm-up";
    }

    @Override
    public String title(ImportOptions o) {
        return o.export() ? "E3 — an engine's import of its own export, phase by phase" : title();
    }

    @Override
    public String description() {
        return "The engine's own bulk loader (Neo4j's importer, Kuzu's COPY) on a generated (b2b, social) or your own CSV folder, then one uniqueness constraint per label key"
                + " and two property indexes timed until ONLINE, then cold start, apoc.warmup.run and graphperf's query warm-up with"
                + " probe queries cold and warm. --scale takes a list; --variant and --repeat compare configurations. E3 (--dataset export): an engine's"
                + " import of its own export format, each phase timed with what reached the disk.";
    }

    @Override
    public ExperimentCommand<ImportOptions> command() {
        return new ImportCommand();
    }

    @Override
    public Optional<Class<? extends ExperimentData>> dataType() {
        return Optional.of(ImportData.class);
    }

    @Override
    public TrialResult run(RunContext ctx, ImportOptions o) throws Exception {
        if (o.export()) return ExportImportStudy.run(ctx, o);
        List<ImportStudyResult> studies = new ArrayList<>();
        List<Cell> cells = new ArrayList<>();
        Map<String, Object> environment = new LinkedHashMap<>();
        ImportStudy.Options options = new ImportStudy.Options(o.badTolerance(), 20, o.dropOsCache());
        Path cache = o.datasetCache() != null ? o.datasetCache() : ctx.datasetCache();
        // the two warm-up methods alternate which runs first from one repeat to the next
        boolean graphperfFirst = ctx.repeat() % 2 == 0;
        for (double scale : o.scales()) {
            ImportDataset ds = o.generated()
                    ? ImportDatasets.generated(o.dataset(), scale, o.datasetSeed(), o.defects(), Runtime.getRuntime().availableProcessors(), cache,
                    o.indexes(), ctx.progress())
                    : ImportDatasets.folder(Path.of(o.dataset()), o.indexes(), o.probeLabel());
            String store = Double.isNaN(scale) ? "data" : "scale-" + Format.scale(scale);
            BulkImport importer = ctx.engines().bulkImport(store, Map.of("max-off-heap", o.maxOffHeap(), "measured-start", "true"));
            try {
                ImportStudyResult r = ImportStudy.run(importer, ds, options, ctx.progress(), environment, graphperfFirst, ctx.disk());
                studies.add(r);
                for (Cell c : ImportCells.of(r)) cells.add(ctx.tag(c));
                ctx.saved().cells(List.copyOf(cells), List.of());
            } finally {
                importer.deleteStore();
            }
        }
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("warmupOrder", graphperfFirst ? "graphperf's query warm-up first, then apoc.warmup.run (even repeat)"
                : "apoc.warmup.run first, then graphperf's query warm-up (odd repeat)");
        double generation = studies.stream().mapToDouble(i -> Double.isNaN(i.generationSeconds()) ? 0 : i.generationSeconds()).sum();
        double own = studies.stream().mapToDouble(ImportStudyResult::ownWorkSeconds).sum();
        config.put("graphperfOwnWork", String.format("generating data %.1f s, bookkeeping %.2f s", generation, own));
        List<String> warnings = new ArrayList<>();
        if (!studies.isEmpty() && !studies.get(0).notExpressible().isEmpty()) {
            studies.get(0).notExpressible().forEach((phase, why) -> warnings.add("not expressible on " + ctx.engines().describe() + ": the " + phase
                    + " phase (" + why + ")"));
        }
        String loader = studies.isEmpty() ? "" : ", loaded by " + studies.get(0).importPhase().command();
        return new TrialResult(cells, ctx.engines().describe() + loader, "", environment, config, new ImportData(studies), warnings, List.of());
    }

    @Override
    public List<ReportSection> sections() {
        return List.of(new ImportReport());
    }

    @Override
    public void summary(RunResult run, PrintStream out) {
        ImportSummary.print(run, out);
        ExportImportSummary.print(run, out);
    }
}
