package io.graphperf.engines.falkordb.host;

import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.ImportRows;
import io.graphperf.core.engine.ImportRows.Column;
import io.graphperf.core.engine.ImportRows.Role;
import io.graphperf.core.engine.KeyMap;
import io.graphperf.core.engine.Machine;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.engines.hosted.HostedBulkImport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A dataset in the bulk-import layout loaded into FalkorDB by graphperf's loader over its Cypher: nodes created in batches of
 * {@value #BATCH} rows ({@code UNWIND $rows AS r CREATE (n:Label) SET n = r}), each node's key kept with the id FalkorDB gave it (as
 * Neo4j's importer keeps its id map), then relationships in batches of {@value #BATCH}, their ends found by id. No index is built
 * here: the schema phase builds them. An empty field is no property, as Neo4j's importer makes it; a relationship whose end is
 * not among the loaded nodes is a bad entry, listed in the host's log. FalkorDB's own bulk path (GRAPH.BULK, which its Python
 * bulk loader drives) is not used: see docs/engines.md. At the end the append-only file is rewritten as a snapshot, as part of the import.
 */
final class FalkorDbLoad {

    static final int BATCH = 5_000;
    private static final String ENGINE = "FalkorDB";

    private FalkorDbLoad() {
    }

    /**
     * Loads the files, then has the server rewrite its append-only file as a snapshot (BGREWRITEAOF, waited for): the store a
     * server starts on, as Neo4j's importer leaves store files. Without it a start would replay every loading query.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> run(Session s, int port, long serverPid, ImportFiles files) throws IOException, InterruptedException {
        Map<String, Object> out = load(s, files);
        long t0 = System.nanoTime();
        rewrite(port);
        double seconds = (System.nanoTime() - t0) / 1e9;
        ((Map<String, Object>) out.get("stages")).put("store written", seconds);
        out.put("seconds", ((Number) out.get("seconds")).doubleValue() + seconds);
        // the graph is in the server's memory: its peak, beside the host's (the loader's own)
        out.put(HostedBulkImport.SERVER_PEAK_RSS, Machine.peakRssBytes(serverPid));
        return out;
    }

    /** BGREWRITEAOF, and the wait until it has ended; its failure (e.g. the fork refused for memory) is an error. */
    static void rewrite(int port) throws IOException, InterruptedException {
        try (Resp c = new Resp("127.0.0.1", port)) {
            c.call("BGREWRITEAOF");
            while (true) {
                String info = FalkorDbValues.text(c.call("INFO", "persistence"));
                if (info.contains("aof_rewrite_in_progress:0") && info.contains("aof_rewrite_scheduled:0")) {
                    if (!info.contains("aof_last_bgrewrite_status:ok")) throw new IOException("FalkorDB's server could not rewrite its append-only file (see its log)");
                    return;
                }
                Thread.sleep(20);
            }
        }
    }

    private static Map<String, Object> load(Session s, ImportFiles files) throws IOException {
        return ImportRows.load(files, ENGINE, new ImportRows.TableLoader() {
            @Override
            public long nodes(ImportFiles.Table t, KeyMap keys) throws IOException {
                return FalkorDbLoad.nodes(s, t, keys);
            }

            @Override
            public long[] relationships(ImportFiles.Table t, Map<String, KeyMap> keys) throws IOException {
                return FalkorDbLoad.relationships(s, t, keys);
            }
        });
    }

    private static long nodes(Session s, ImportFiles.Table t, KeyMap keys) throws IOException {
        List<Column> columns = ImportRows.header(t.header(), ENGINE);
        String key = columns.stream().filter(c -> c.role() == Role.ID).map(Column::property).findFirst().orElse(null);
        String text = "UNWIND $rows AS r CREATE (n:" + name(t.name()) + ") SET n = r" + (key == null ? "" : " RETURN n." + name(key) + ", id(n)");
        List<Object> batch = new ArrayList<>(BATCH);
        long[] n = {0};
        for (Path f : t.files()) {
            ImportRows.forEachRow(f, (row, line) -> {
                Map<String, Object> props = new LinkedHashMap<>();
                for (int i = 0; i < columns.size() && i < row.size(); i++) {
                    Object value = ImportRows.value(row.get(i), columns.get(i).type());
                    if (value != null) props.put(columns.get(i).property(), value);
                }
                batch.add(props);
                n[0]++;
                if (batch.size() == BATCH) createNodes(s, text, batch, keys);
            });
        }
        createNodes(s, text, batch, keys);
        return n[0];
    }

    private static void createNodes(Session s, String text, List<Object> batch, KeyMap keys) {
        if (batch.isEmpty()) return;
        try {
            for (List<Object> r : s.fetch(new Statement(text, Map.of("rows", batch)))) keys.put(((Number) r.get(0)).longValue(), ((Number) r.get(1)).longValue());
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        batch.clear();
    }

    /** Loads a type's relationships; returns how many, and how many were left out (an end not loaded). */
    private static long[] relationships(Session s, ImportFiles.Table t, Map<String, KeyMap> keys) throws IOException {
        List<Column> columns = ImportRows.relationshipHeader(t, ENGINE);
        KeyMap from = keys.getOrDefault(columns.get(0).idSpace(), new KeyMap()), to = keys.getOrDefault(columns.get(1).idSpace(), new KeyMap());
        // the ends projected first: matched by id(a) = r.a straight from the row, FalkorDB 4.16.3 plans a scan of every node for each row
        String text = "UNWIND $rows AS r WITH r, r.a AS x, r.b AS y MATCH (a) WHERE id(a) = x MATCH (b) WHERE id(b) = y CREATE (a)-[e:" + name(t.name())
                + "]->(b) SET e = r.p";
        List<Object> batch = new ArrayList<>(BATCH);
        long[] n = {0, 0};
        for (Path f : t.files()) {
            ImportRows.forEachRow(f, (row, line) -> {
                long a = from.get(ImportRows.key(row.get(0)), -1), b = row.size() > 1 ? to.get(ImportRows.key(row.get(1)), -1) : -1;
                if (a < 0 || b < 0) {
                    n[1]++;
                    System.err.println("left out by the loader (an end is not a loaded node): " + f + ", line " + line + ": " + row);
                    return;
                }
                Map<String, Object> props = new LinkedHashMap<>();
                for (int i = 2; i < columns.size() && i < row.size(); i++) {
                    Object value = ImportRows.value(row.get(i), columns.get(i).type());
                    if (value != null) props.put(columns.get(i).property(), value);
                }
                batch.add(Map.of("a", a, "b", b, "p", props));
                n[0]++;
                if (batch.size() == BATCH) run(s, text, batch);
            });
        }
        run(s, text, batch);
        return n;
    }

    private static void run(Session s, String text, List<Object> batch) {
        if (batch.isEmpty()) return;
        try {
            s.fetch(new Statement(text, Map.of("rows", batch)));
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        batch.clear();
    }

    static String name(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
