package io.graphperf.engines.orientdb.host;

import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.db.ODatabaseType;
import com.orientechnologies.orient.core.db.OrientDB;
import com.orientechnologies.orient.core.db.OrientDBConfig;
import com.orientechnologies.orient.core.metadata.schema.OClass;
import com.orientechnologies.orient.core.metadata.schema.OSchema;
import com.orientechnologies.orient.core.metadata.schema.OType;
import com.orientechnologies.orient.core.record.OElement;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The E3 study's input, generated: a database of {@link #CLASSES} classes with a skewed number of records each (about
 * {@link #RECORDS_AT_SCALE_1} at scale 1; a few big classes, many small ones, as a real schema has), text fields of
 * repetitive words (compressible, as real text is), links between records, and two indexes — {@code Item.name}
 * (not unique) and {@code Account.code} (unique) — exported as OrientDB's JSON export. The same scale and seed give
 * the same records.
 */
final class ExportGenerator {

    static final int CLASSES = 130;
    static final int RECORDS_AT_SCALE_1 = 21_000;
    private static final String[] WORDS = {"order", "invoice", "customer", "account", "shipment", "payment", "product", "region", "supplier",
            "contract", "balance", "pending", "approved", "delivered", "returned", "priority", "standard", "express", "credit", "debit"};

    private ExportGenerator() {
    }

    /** Writes the export; returns each class's record count (the oracle of an import's check). */
    static Map<String, Long> generate(Path file, double scale, long seed) throws Exception {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OrientDB orient = new OrientDB("memory:", OrientDBConfig.defaultConfig())) {
            String name = "graphperf_export";
            orient.execute("create database " + name + " memory users (admin identified by 'admin' role admin)").close();
            try (ODatabaseSession db = orient.open(name, "admin", "admin")) {
                SplittableRandom random = new SplittableRandom(seed);
                OSchema schema = db.getMetadata().getSchema();
                String[] names = new String[CLASSES];
                for (int c = 0; c < CLASSES; c++) {
                    names[c] = c == 0 ? "Item" : c == 1 ? "Account" : String.format("Class%03d", c);
                    OClass k = schema.createClass(names[c]);
                    k.createProperty("name", OType.STRING);
                    k.createProperty("code", OType.LONG);
                    k.createProperty("text", OType.STRING);
                    k.createProperty("amount", OType.DOUBLE);
                    k.createProperty("created", OType.DATETIME);
                    k.createProperty("ref", OType.LINK);
                }
                schema.getClass("Item").createIndex("Item.name", OClass.INDEX_TYPE.NOTUNIQUE, "name");
                schema.getClass("Account").createIndex("Account.code", OClass.INDEX_TYPE.UNIQUE, "code");
                long total = Math.max(CLASSES, Math.round(RECORDS_AT_SCALE_1 * scale));
                // class c's share ∝ 1/(c+1): Zipf-like, every class at least one record
                double h = 0;
                for (int c = 0; c < CLASSES; c++) h += 1.0 / (c + 1);
                long code = 0;
                OElement previous = null;
                for (int c = 0; c < CLASSES; c++) {
                    long n = Math.max(1, Math.round(total / h / (c + 1)));
                    db.begin();
                    for (long i = 0; i < n; i++) {
                        OElement e = db.newElement(names[c]);
                        e.setProperty("name", WORDS[random.nextInt(WORDS.length)] + "-" + random.nextInt(1000));
                        e.setProperty("code", code++);
                        StringBuilder text = new StringBuilder();
                        int words = 10 + random.nextInt(40);
                        for (int w = 0; w < words; w++) text.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
                        e.setProperty("text", text.toString());
                        e.setProperty("amount", Math.round(random.nextDouble() * 1_000_000) / 100.0);
                        e.setProperty("created", new Date(1_600_000_000_000L + random.nextLong(100_000_000_000L)));
                        if (previous != null && random.nextInt(4) == 0) e.setProperty("ref", previous.getIdentity());
                        e.save();
                        previous = e;
                        if (i % 1000 == 999) {
                            db.commit();
                            db.begin();
                        }
                    }
                    db.commit();
                }
                Map<String, Long> counts = new TreeMap<>();
                for (String n : names) counts.put(n, db.getMetadata().getSchema().getClass(n).count(false));
                OrientEngineHostMain.export(db, file);
                return counts;
            }
        }
    }
}
