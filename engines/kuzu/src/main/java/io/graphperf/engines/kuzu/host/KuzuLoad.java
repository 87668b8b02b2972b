package io.graphperf.engines.kuzu.host;

import io.graphperf.core.engine.ImportFiles;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Kuzu's own bulk loader (LadybugDB's too) on a dataset: its tables made from the header files, then a COPY per table, nodes first. */
public final class KuzuLoad {

    /** A statement's rows, its engine's refusal thrown (a Kuzu connection, or a LadybugDB session). */
    public interface Query {
        List<List<Object>> rows(String statement);
    }

    private KuzuLoad() {
    }

    public static Map<String, Object> run(Query c, ImportFiles spec) throws Exception {
        Map<String, Object> stages = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        for (ImportFiles.Table t : spec.nodes()) c.rows(KuzuSchema.nodeTable(t.name(), KuzuSchema.headerLine(t.header()), t.header()));
        for (ImportFiles.Table t : spec.relationships()) c.rows(KuzuSchema.relTable(t.name(), KuzuSchema.headerLine(t.header()), t.header()));
        stages.put("schema", seconds(t0));
        long t1 = System.nanoTime();
        for (ImportFiles.Table t : spec.nodes()) copy(c, t);
        stages.put("nodes", seconds(t1));
        long t2 = System.nanoTime();
        for (ImportFiles.Table t : spec.relationships()) copy(c, t);
        stages.put("relationships", seconds(t2));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("stages", stages);
        out.put("seconds", seconds(t0));
        out.put("nodes", count(c, "MATCH (n) RETURN count(n)"));
        out.put("relationships", count(c, "MATCH ()-[r]->() RETURN count(r)"));
        long warnings;
        try {
            warnings = count(c, "CALL show_warnings() RETURN count(*)");
        } catch (RuntimeException e) {
            warnings = -1;
        }
        out.put("badEntries", warnings);
        if (warnings > 0) {
            // the rows Kuzu skipped, in the host's log beside Neo4j's importer report
            for (List<Object> row : c.rows("CALL show_warnings() RETURN *")) System.err.println("skipped by COPY: " + row);
        }
        return out;
    }

    private static void copy(Query c, ImportFiles.Table t) {
        List<Path> files = t.files();
        if (files.isEmpty()) return;
        c.rows(KuzuSchema.copy(t.name(), files));
    }

    private static long count(Query c, String q) {
        return ((Number) c.rows(q).get(0).get(0)).longValue();
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
