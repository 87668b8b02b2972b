package io.graphperf.workloads.imports;

import io.graphperf.studies.imports.ImportStep;
import io.graphperf.studies.imports.ImportTexts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** E1 in the dialect of an engine's module: its statements where it gives them ({@link ImportTexts}), the study's own elsewhere. */
record EngineImportDialect(ImportTexts texts) implements ImportDialect {

    @Override
    public List<SchemaPhase.Step> schema(ImportDataset ds) {
        if (texts.notExpressible(ImportStep.SCHEMA).isPresent()) return List.of();
        return ds.schemaSteps().stream()
                .map(s -> new SchemaPhase.Step(s.index(), texts.index(s.label(), s.property(), s.statement().contains("IS UNIQUE")), s.label(), s.property()))
                .toList();
    }

    @Override
    public List<WarmupMethods.Method> warmups(ImportDataset ds) {
        return texts.notExpressible(ImportStep.QUERY_WARMUP).isEmpty() ? List.of(WarmupMethods.graphperf(ds.labelKeys(), ds.indexes())) : List.of();
    }

    @Override
    public List<Probes.Probe> probes(String label, String key) {
        return texts.probes(label, key).map(own -> own.stream().map(p -> new Probes.Probe(p.name(), p.query(), p.perKey())).toList())
                .orElseGet(() -> Probes.of(label, key));
    }

    @Override
    public String sampleKeys(String label, String key, long labelCount, int samples) {
        return texts.sampleKeys(label, key, Probes.every(labelCount, samples), samples).orElseGet(() -> Probes.sampleKeys(label, key, labelCount, samples));
    }

    @Override
    public String explain(String query) {
        return texts.explain(query).orElseGet(() -> ImportDialect.super.explain(query));
    }

    @Override
    public String countLabel(String label) {
        return texts.countLabel(label).orElseGet(() -> ImportDialect.super.countLabel(label));
    }

    /**
     * The steps the dialect cannot do, keyed as run.json has them: "schema"; "warm-up" where it does neither warm-up (the reason
     * given for graphperf's, which a dialect without either explains both in), else the one warm-up by name.
     */
    @Override
    public Map<String, String> notExpressible() {
        Map<String, String> out = new LinkedHashMap<>();
        texts.notExpressible(ImportStep.SCHEMA).ifPresent(why -> out.put("schema", why));
        Optional<String> apoc = texts.notExpressible(ImportStep.APOC_WARMUP), query = texts.notExpressible(ImportStep.QUERY_WARMUP);
        if (apoc.isPresent() && query.isPresent()) {
            out.put("warm-up", query.get());
        } else {
            apoc.ifPresent(why -> out.put("warm-up " + WarmupMethods.APOC, why));
            query.ifPresent(why -> out.put("warm-up " + WarmupMethods.GRAPHPERF, why));
        }
        return Map.copyOf(out);
    }
}
