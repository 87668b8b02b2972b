package io.graphperf.workloads.workload;

import io.graphperf.workloads.cells.KeyLookupCheck;
import io.graphperf.core.BadInput;
import io.graphperf.core.UserError;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.ImportFiles;
import io.graphperf.core.engine.ImportRows;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TransportName;
import io.graphperf.core.measure.ProgressListener;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A dataset in the importer's layout loaded into a user's Neo4j over Bolt alone, as a managed service allows (no file access, no
 * neo4j-admin): a uniqueness constraint per label's key, then every node table and every relationship table in batched {@code UNWIND}
 * statements, several transactions at once, with progress. Each batch's transaction also writes a marker node
 * ({@value #MARKER}: the load's digest, the table, the batch), so an interrupted load is resumed where it stopped — the committed
 * batches skipped — and the markers are deleted at the end. A database that already holds exactly this dataset (its counts per label
 * and type) is left as it is; one that holds anything else is refused unless the run may empty it first ({@code --reset delete-all}).
 * Rows whose relationship ends are not loaded nodes are skipped, counted (as the importer's --skip-bad-relationships).
 */
public final class BoltLoad {

    public static final String MARKER = "_GraphperfLoad";
    /** How often a batch that met a transient error (a deadlock between two batches' relationships) is tried again. */
    static final int RETRIES = 20;

    /** What the load did: rows written, rows skipped, batches that an earlier, interrupted load had committed already. */
    public record Outcome(long nodes, long relationships, long skipped, int resumedBatches, int batches, boolean alreadyLoaded, double seconds) {
        public String describe() {
            if (alreadyLoaded) return "already loaded (every label's and type's count matches the files): left as it is";
            return String.format("%,d nodes, %,d relationships over Bolt in %d batches, %.1f s%s%s", nodes, relationships, batches, seconds,
                    resumedBatches > 0 ? "; " + resumedBatches + " batches committed by an interrupted load before were skipped" : "",
                    skipped > 0 ? String.format("; %,d relationships skipped (an end is not a loaded node)", skipped) : "");
        }
    }

    private final Engine engine;
    private final ImportFiles files;
    private final int threads, batchRows;
    private final boolean resetAllowed;
    private final ProgressListener progress;
    private final Map<String, String[]> idSpaces = new HashMap<>();

    /**
     * @param threads      transactions at once
     * @param batchRows    rows a transaction writes
     * @param resetAllowed whether a database holding other data may be emptied first (else it is refused)
     */
    public BoltLoad(Engine engine, ImportFiles files, int threads, int batchRows, boolean resetAllowed, ProgressListener progress) {
        this.engine = engine;
        this.files = files;
        this.threads = threads;
        this.batchRows = batchRows;
        this.resetAllowed = resetAllowed;
        this.progress = progress;
    }

    public Outcome load() throws Exception {
        long t0 = System.nanoTime();
        String digest = digest();
        for (ImportFiles.Table t : files.nodes()) idSpaces.put(ImportRows.idSpace(t, "graphperf's Bolt loader"), new String[]{t.name(), key(t)});
        Map<String, Long> rows = countRows();
        Set<String> committed = committed(digest);
        if (committed.isEmpty() && engine.queryLong("MATCH (n) RETURN count(n)") > 0) {
            if (matches(rows)) return new Outcome(0, 0, 0, 0, 0, true, (System.nanoTime() - t0) / 1e9);
            if (!resetAllowed) {
                throw new BadInput("your database holds data other than this dataset (" + engine.queryLong("MATCH (n) RETURN count(n)") + " nodes; the"
                        + " files' counts per label and type do not match it), and no interrupted load of it to resume: give --reset delete-all to empty it first,"
                        + " on a database you can lose");
            }
            progress.phase("empty your database (--reset delete-all)");
            engine.reset();
            progress.phaseDone(engine.resetMethod());
        }
        for (ImportFiles.Table t : files.nodes()) {
            String[] space = idSpaces.get(ImportRows.idSpace(t, "graphperf's Bolt loader"));
            engine.execute("CREATE CONSTRAINT IF NOT EXISTS FOR (n:" + quote(space[0]) + ") REQUIRE n." + quote(space[1]) + " IS UNIQUE");
        }
        engine.awaitIndexesOnline();
        long total = rows.values().stream().mapToLong(Long::longValue).sum();
        progress.phase(String.format("load %,d rows over Bolt, %d transactions at once, %,d rows each%s", total, threads, batchRows,
                committed.isEmpty() ? "" : " (resuming: " + committed.size() + " batches committed before)"));
        AtomicLong done = new AtomicLong();
        long[] nodes = run(files.nodes(), true, digest, committed, done, total);
        long[] rels = run(files.relationships(), false, digest, committed, done, total);
        engine.execute("MATCH (m:" + MARKER + ") DELETE m");
        Outcome o = new Outcome(nodes[0], rels[0], rels[1], committed.size(), (int) (nodes[2] + rels[2]), false, (System.nanoTime() - t0) / 1e9);
        progress.phaseDone(o.describe());
        return o;
    }

    /** Every table's batches through {@link #threads} transactions at once: rows written, rows skipped, batches. */
    private long[] run(List<ImportFiles.Table> tables, boolean nodes, String digest, Set<String> committed, AtomicLong done, long total) throws Exception {
        BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(threads * 2);
        AtomicReference<Exception> failed = new AtomicReference<>();
        AtomicLong written = new AtomicLong(), skipped = new AtomicLong(), batches = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        try (Transport transport = engine.transport(TransportName.BOLT)) {
            for (int i = 0; i < threads; i++) {
                Thread w = new Thread(() -> work(transport, queue, failed, written, skipped, done, total), "graphperf-bolt-load-" + i);
                workers.add(w);
                w.start();
            }
            try {
                for (ImportFiles.Table t : tables) produce(t, nodes, digest, committed, queue, failed, batches, done);
            } catch (RuntimeException | IOException e) {
                failed.compareAndSet(null, e); // a bad row (its file and line named), or the workers stopped first
            } finally {
                for (int i = 0; i < threads; i++) end(queue, workers);
                for (Thread w : workers) w.join();
            }
        }
        if (failed.get() != null) {
            Exception e = failed.get();
            throw e instanceof IllegalArgumentException ? new UserError("cannot load " + e.getMessage(), e) : e;
        }
        return new long[]{written.get(), skipped.get(), batches.get()};
    }

    /** One statement's rows, the table's text, and where they came from. */
    private record Batch(String text, List<Map<String, Object>> rows, String table, int number, String where, long count) {
        static final Batch END = new Batch(null, null, null, 0, null, 0);
    }

    private void produce(ImportFiles.Table t, boolean nodes, String digest, Set<String> committed, BlockingQueue<Batch> queue,
                         AtomicReference<Exception> failed, AtomicLong batches, AtomicLong done) throws IOException, InterruptedException {
        List<ImportRows.Column> columns = nodes ? ImportRows.header(t.header(), "graphperf's Bolt loader") : ImportRows.relationshipHeader(t, "graphperf's Bolt loader");
        String text = nodes ? nodeText(t) : relationshipText(t, columns);
        int[] number = {0};
        for (Path f : t.files()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            long[] first = {0};
            ImportRows.forEachRow(f, (fields, line) -> {
                if (failed.get() != null) throw new IllegalStateException("stopped");
                if (rows.isEmpty()) first[0] = line;
                rows.add(nodes ? nodeRow(fields, columns) : relationshipRow(fields, columns));
                if (rows.size() == batchRows) {
                    submit(new Batch(text, List.copyOf(rows), t.name(), number[0]++, f.getFileName() + " lines " + first[0] + "–" + line, rows.size()),
                            digest, committed, queue, failed, batches, done);
                    rows.clear();
                }
            });
            if (!rows.isEmpty()) {
                submit(new Batch(text, List.copyOf(rows), t.name(), number[0]++, f.getFileName() + " from line " + first[0], rows.size()), digest, committed,
                        queue, failed, batches, done);
            }
        }
    }

    private void submit(Batch b, String digest, Set<String> committed, BlockingQueue<Batch> queue, AtomicReference<Exception> failed, AtomicLong batches,
                        AtomicLong done) {
        batches.incrementAndGet();
        if (committed.contains(b.table() + "#" + b.number())) {
            done.addAndGet(b.count());
            return;
        }
        Map<String, Object> marked = new LinkedHashMap<>();
        marked.put("rows", b.rows());
        marked.put("load", digest);
        marked.put("table", b.table());
        marked.put("batch", b.number());
        put(queue, new Batch(b.text(), List.of(marked), b.table(), b.number(), b.where(), b.count()), failed);
    }

    /** Queues a batch; stops (throws) once a worker failed, so the producer never waits on workers that stopped taking. */
    private static void put(BlockingQueue<Batch> queue, Batch b, AtomicReference<Exception> failed) {
        try {
            while (!queue.offer(b, 100, TimeUnit.MILLISECONDS)) {
                if (failed.get() != null) throw new IllegalStateException("stopped");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    /** Tells one worker the batches are done; none left to tell once every worker has ended (a failed one ends at once). */
    private static void end(BlockingQueue<Batch> queue, List<Thread> workers) throws InterruptedException {
        while (!queue.offer(Batch.END, 100, TimeUnit.MILLISECONDS)) {
            if (workers.stream().noneMatch(Thread::isAlive)) return;
        }
    }

    private void work(Transport transport, BlockingQueue<Batch> queue, AtomicReference<Exception> failed, AtomicLong written, AtomicLong skipped,
                      AtomicLong done, long total) {
        try (Session s = transport.openSession()) {
            for (Batch b = queue.take(); b != Batch.END; b = queue.take()) {
                if (failed.get() != null) continue; // drain: the producer stops soon
                long wrote = send(s, b);
                written.addAndGet(wrote);
                skipped.addAndGet(b.count() - wrote);
                long now = done.addAndGet(b.count());
                progress.progress(total == 0 ? 1 : now / (double) total, String.format("%s: %,d of %,d rows", b.table(), now, total));
            }
        } catch (Exception e) {
            failed.compareAndSet(null, e); // the producer stops at its next batch; the other workers skip what is queued
        }
    }

    /** One batch in its own transaction, tried again after a transient error (two batches' relationships deadlocking); rows written. */
    private static long send(Session s, Batch b) throws Exception {
        Map<String, Object> p = b.rows().get(0);
        for (int attempt = 1; ; attempt++) {
            try {
                List<List<Object>> out = s.fetch(new Statement(b.text(), p));
                return ((Number) out.get(0).get(0)).longValue();
            } catch (Exception e) {
                boolean transientError = e.getClass().getSimpleName().contains("Transient") || String.valueOf(e.getMessage()).contains("TransientError");
                if (!transientError || attempt >= RETRIES) {
                    throw new UserError("loading " + b.table() + " (" + b.where() + ") over Bolt failed" + (attempt > 1 ? " after " + attempt + " tries" : "") + ": "
                            + e.getMessage(), e);
                }
                Thread.sleep(Math.min(2_000, 20L << Math.min(attempt, 6)));
            }
        }
    }

    private String nodeText(ImportFiles.Table t) {
        return "UNWIND $rows AS r CREATE (n:" + quote(t.name()) + ") SET n = r WITH count(*) AS written CREATE (:" + MARKER
                + " {load: $load, table: $table, batch: $batch}) RETURN written";
    }

    private String relationshipText(ImportFiles.Table t, List<ImportRows.Column> columns) {
        String[] start = space(columns.get(0).idSpace(), t), end = space(columns.get(1).idSpace(), t);
        return "UNWIND $rows AS r MATCH (a:" + quote(start[0]) + " {" + quote(start[1]) + ": r.s}) MATCH (b:" + quote(end[0]) + " {" + quote(end[1])
                + ": r.e}) CREATE (a)-[x:" + quote(t.name()) + "]->(b) SET x = r.p WITH count(*) AS written CREATE (:" + MARKER
                + " {load: $load, table: $table, batch: $batch}) RETURN written";
    }

    private String[] space(String idSpace, ImportFiles.Table t) {
        String[] s = idSpaces.get(idSpace);
        if (s == null) throw new UserError(t.header() + ": id space " + idSpace + " is no node table's (its :ID column)");
        return s;
    }

    private static Map<String, Object> nodeRow(List<String> fields, List<ImportRows.Column> columns) {
        if (fields.size() != columns.size()) throw new IllegalArgumentException(fields.size() + " fields, and the header has " + columns.size());
        Map<String, Object> row = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            ImportRows.Column c = columns.get(i);
            Object v = c.role() == ImportRows.Role.ID ? (Object) ImportRows.key(fields.get(i)) : ImportRows.value(fields.get(i), c.type());
            if (v != null) row.put(c.property(), v);
        }
        return row;
    }

    private static Map<String, Object> relationshipRow(List<String> fields, List<ImportRows.Column> columns) {
        if (fields.size() != columns.size()) throw new IllegalArgumentException(fields.size() + " fields, and the header has " + columns.size());
        Map<String, Object> props = new HashMap<>();
        for (int i = 2; i < columns.size(); i++) {
            Object v = ImportRows.value(fields.get(i), columns.get(i).type());
            if (v != null) props.put(columns.get(i).property(), v);
        }
        Map<String, Object> row = new HashMap<>();
        row.put("s", ImportRows.key(fields.get(0)));
        row.put("e", ImportRows.key(fields.get(1)));
        row.put("p", props);
        return row;
    }

    /** The node table's key property: its ID column's. */
    private static String key(ImportFiles.Table t) throws IOException {
        for (ImportRows.Column c : ImportRows.header(t.header(), "graphperf's Bolt loader")) if (c.role() == ImportRows.Role.ID) return c.property();
        throw new UserError(t.header() + ": a node table needs a key column, name:ID(Label), which relationships find its nodes by");
    }

    /** Rows per label and type in the files (a first pass: progress, and whether the database holds them already). */
    private Map<String, Long> countRows() throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        for (ImportFiles.Table t : files.nodes()) out.merge(":" + t.name(), rows(t), Long::sum);
        for (ImportFiles.Table t : files.relationships()) out.merge("-" + t.name(), rows(t), Long::sum);
        return out;
    }

    private static long rows(ImportFiles.Table t) throws IOException {
        long[] n = {0};
        for (Path f : t.files()) ImportRows.forEachRow(f, (fields, line) -> n[0]++);
        return n[0];
    }

    /** Whether the database's count of every label and type is the files'. */
    private boolean matches(Map<String, Long> rows) throws Exception {
        for (Map.Entry<String, Long> e : rows.entrySet()) {
            String name = quote(e.getKey().substring(1));
            long have = e.getKey().startsWith(":") ? engine.queryLong("MATCH (n:" + name + ") RETURN count(n)")
                    : engine.queryLong("MATCH ()-[r:" + name + "]->() RETURN count(r)");
            if (have != e.getValue()) return false;
        }
        return true;
    }

    /** The batches an earlier load of this dataset committed (its markers), as "table#batch"; refused when they are another dataset's. */
    private Set<String> committed(String digest) throws Exception {
        Set<String> out = new HashSet<>();
        List<Object> loads = engine.queryColumn("MATCH (m:" + MARKER + ") RETURN DISTINCT m.load", Map.of());
        for (Object l : loads) {
            if (!digest.equals(l) && !resetAllowed) {
                throw new BadInput("your database holds an interrupted graphperf load of another dataset (marker nodes :" + MARKER + "): give --reset"
                        + " delete-all to empty it first");
            }
        }
        if (!loads.contains(digest)) return out;
        for (Object o : engine.queryColumn("MATCH (m:" + MARKER + " {load: $load}) RETURN m.table + '#' + toString(m.batch)", Map.of("load", digest))) {
            out.add(String.valueOf(o));
        }
        return out;
    }

    /** What identifies the dataset and its batching: every file's name and size, and the rows a batch holds. */
    private String digest() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        List<ImportFiles.Table> all = new ArrayList<>(files.nodes());
        all.addAll(files.relationships());
        for (ImportFiles.Table t : all) {
            md.update((t.name() + "|" + t.header().getFileName() + "|" + Files.size(t.header())).getBytes(StandardCharsets.UTF_8));
            for (Path f : t.files()) md.update(("|" + f.getFileName() + "|" + Files.size(f)).getBytes(StandardCharsets.UTF_8));
        }
        md.update(("batch " + batchRows).getBytes(StandardCharsets.UTF_8));
        return java.util.HexFormat.of().formatHex(md.digest()).substring(0, 16);
    }

    static String quote(String name) {
        return KeyLookupCheck.quote(name);
    }
}
