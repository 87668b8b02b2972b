package io.graphperf.engines.kuzu;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.HostProcess;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.measure.ProgressListener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Kuzu's own bulk loader ({@code COPY FROM}) on the dataset the importer arguments describe ({@code --nodes=Label=HEADER,PARTS}
 * and {@code --relationships=TYPE=HEADER,PARTS}, PARTS a regular expression over file names, as graphperf's datasets give them
 * to Neo4j's importer): the tables made from the header files, then one COPY per label and type, in an engine host of its own.
 */
final class KuzuBulkImport implements BulkImport {

    private final KuzuEngines engines;
    private final Path store;

    KuzuBulkImport(KuzuEngines engines, Path store) {
        this.engines = engines;
        this.store = store;
    }

    /** The load spec (as the host reads it) from the importer arguments; other arguments are Neo4j's importer's own. */
    static Map<String, Object> spec(List<String> arguments) throws IOException {
        List<Map<String, Object>> nodes = new ArrayList<>(), relationships = new ArrayList<>();
        for (String a : arguments) {
            boolean node = a.startsWith("--nodes="), rel = a.startsWith("--relationships=");
            if (!node && !rel) continue;
            String v = a.substring(a.indexOf('=') + 1);
            int eq = v.indexOf('=');
            if (eq < 0) throw new UserError("importer argument " + a + ": Kuzu's loader needs the label or type before the files (NAME=HEADER,PARTS)");
            String name = v.substring(0, eq);
            String[] files = v.substring(eq + 1).split(",");
            Path header = Path.of(files[0]);
            List<Path> parts = new ArrayList<>();
            for (int i = 1; i < files.length; i++) parts.addAll(matching(Path.of(files[i])));
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("name", name);
            t.put("header", header.toString());
            t.put("files", parts.stream().map(Path::toString).toList());
            (node ? nodes : relationships).add(t);
        }
        if (nodes.isEmpty()) throw new UserError("the importer arguments name no --nodes files for Kuzu's loader");
        return Map.of("nodes", nodes, "relationships", relationships);
    }

    /** The files a part pattern names: the pattern is a regular expression over the names in its folder. */
    private static List<Path> matching(Path pattern) throws IOException {
        Path folder = pattern.getParent();
        Pattern names = Pattern.compile(pattern.getFileName().toString());
        try (var files = Files.list(folder)) {
            return files.filter(f -> names.matcher(f.getFileName().toString()).matches()).sorted().toList();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Outcome importFiles(List<String> arguments, ProgressListener progress) throws Exception {
        String spec = KuzuEngine.JSON.writeValueAsString(spec(arguments));
        Files.createDirectories(store.getParent());
        long peak;
        Map<String, Object> out;
        try (HostProcess host = engines.startHost()) {
            host.request(Duration.ofMinutes(5), "open", store.toString(), "0", "0");
            out = KuzuEngine.JSON.readValue(host.request(Duration.ofHours(12), "load", spec), Map.class);
            peak = Machine.peakRssBytes(host.pid().orElse(-1));
            host.request(Duration.ofMinutes(30), "close");
        }
        Map<String, Double> stages = new LinkedHashMap<>();
        ((Map<String, Object>) out.get("stages")).forEach((k, v) -> stages.put(k, ((Number) v).doubleValue()));
        long bad = ((Number) out.get("badEntries")).longValue();
        return new Outcome(stages, ((Number) out.get("seconds")).doubleValue(), ((Number) out.get("nodes")).longValue(),
                ((Number) out.get("relationships")).longValue(), -1, "", peak, Math.max(0, bad), engines.hostLog(), engines.hostLog(),
                "COPY FROM the dataset's part files, one per label and type (Kuzu " + KuzuEngines.VERSION + ")");
    }

    @Override
    public Map<String, Long> storeFiles() throws Exception {
        Map<String, Long> m = new LinkedHashMap<>();
        if (!Files.exists(store)) return m;
        try (var files = Files.walk(store)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) m.put(store.relativize(f).toString(), Files.size(f));
        }
        if (Files.isRegularFile(store)) m.put(store.getFileName().toString(), Files.size(store));
        return m;
    }

    @Override
    public Engine start(Map<String, String> settings, int connections) throws Exception {
        if (!settings.isEmpty()) throw new UserError("Kuzu takes no engine settings here (given: " + settings.keySet() + ")");
        return engines.open(store);
    }

    @Override
    public boolean dropOsCache() {
        return Machine.dropOsCache();
    }

    @Override
    public void deleteStore() throws Exception {
        if (engines.keepStore()) return;
        KuzuEngines.deleteTree(store);
        Files.deleteIfExists(Path.of(store + ".wal"));
    }
}
