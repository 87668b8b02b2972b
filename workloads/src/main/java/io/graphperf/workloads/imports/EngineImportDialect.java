package io.graphperf.workloads.imports;

import io.graphperf.core.engine.ImportTexts;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** E1 in the dialect of an engine's module: its statements where it gives them ({@link ImportTexts}), the study's own elsewhere. */
record EngineImportDialect(ImportTexts texts) implements ImportDialect {

    @Override
    public List<SchemaPhase.Step> schema(ImportDataset ds) {
        return ds.schemaSteps().stream().map(s -> {
            String statement = texts.index(s.label(), s.property(), s.statement().contains("IS UNIQUE"));
            return statement == null ? null : new SchemaPhase.Step(s.index(), statement, s.label(), s.property());
        }).filter(Objects::nonNull).toList();
    }

    @Override
    public List<WarmupMethods.Method> warmups(ImportDataset ds) {
        return texts.queryWarmup() ? List.of(WarmupMethods.graphperf(ds.labelKeys(), ds.indexes())) : List.of();
    }

    @Override
    public List<Probes.Probe> probes(String label, String key) {
        List<ImportTexts.Probe> own = texts.probes(label, key);
        return own == null ? Probes.of(label, key) : own.stream().map(p -> new Probes.Probe(p.name(), p.query(), p.perKey())).toList();
    }

    @Override
    public String sampleKeys(String label, String key, long labelCount, int samples) {
        String own = texts.sampleKeys(label, key, Probes.every(labelCount, samples), samples);
        return own == null ? Probes.sampleKeys(label, key, labelCount, samples) : own;
    }

    @Override
    public String explain(String query) {
        String own = texts.explain(query);
        return own == null ? ImportDialect.super.explain(query) : own;
    }

    @Override
    public String countLabel(String label) {
        String own = texts.countLabel(label);
        return own == null ? ImportDialect.super.countLabel(label) : own;
    }

    @Override
    public Map<String, String> notExpressible() {
        return texts.notExpressible();
    }
}
