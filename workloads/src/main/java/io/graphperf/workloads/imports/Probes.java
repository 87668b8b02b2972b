package io.graphperf.workloads.imports;

import io.graphperf.studies.imports.ImportTexts;

import java.util.List;

/**
 * E1's probe queries: what an application would notice about the cache state. Lookups and
 * neighbourhood reads use sampled keys (planned beforehand with EXPLAIN and run on other keys first,
 * so a cold probe pays for the disk, not for planning or JIT compilation); the scan reads one property
 * of every node of the label.
 */
public final class Probes {

    /** @param perKey whether it runs once per sampled key (else once) */
    public record Probe(String name, String query, boolean perKey) {
    }

    private Probes() {
    }

    public static List<Probe> of(String label, String key) {
        String l = ImportTexts.quote(label), k = ImportTexts.quote(key);
        return List.of(
                new Probe("lookup by key", "MATCH (n:" + l + " {" + k + ": $key}) RETURN properties(n) AS p", true),
                new Probe("neighbourhood", "MATCH (n:" + l + " {" + k + ": $key})-[r]-(m) "
                        + "RETURN count(m) AS c, sum(size(keys(properties(r)))) AS rp, sum(size(keys(properties(m)))) AS mp", true),
                new Probe("label scan", "MATCH (n:" + l + ") RETURN count(n." + k + ") AS c", false));
    }

    /** Keys spread over the label (every m-th node by internal id), the same on every run of one import. */
    public static String sampleKeys(String label, String key, long labelCount, int samples) {
        long every = every(labelCount, samples);
        return "MATCH (n:" + ImportTexts.quote(label) + ") WHERE id(n) % " + every + " = 0 RETURN n." + ImportTexts.quote(key) + " AS k LIMIT " + samples;
    }

    /** One key in how many a sample of {@code samples} keys of a label of {@code labelCount} takes (at least every one). */
    static long every(long labelCount, int samples) {
        return Math.max(1, labelCount / Math.max(1, samples));
    }
}
