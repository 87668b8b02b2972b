package io.graphperf.workloads.imports;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The two ways E1 warms a cold page cache, as statements the study times. */
public final class WarmupMethods {

    /** @param statements run one after another; the method's time is their sum */
    public record Method(String name, String description, List<String> statements) {
    }

    public static final String APOC = "apoc.warmup.run";
    public static final String GRAPHPERF = "graphperf query warm-up";

    private WarmupMethods() {
    }

    public static Method apoc() {
        return new Method(APOC, "APOC core 5.26.19's page-level warm-up: CALL apoc.warmup.run(true, true, true) reads every page of"
                + " the node, relationship, property and dynamic stores and of the indexes into the page cache",
                List.of("CALL apoc.warmup.run(true, true, true)"));
    }

    /** Reads what an application would: every record with its properties, then every index end to end. */
    public static Method graphperf(Map<String, String> labelKeys, List<SchemaPhase.Step> indexes) {
        List<String> s = new ArrayList<>();
        s.add("MATCH (n) RETURN sum(size(keys(properties(n)))) AS p");
        s.add("MATCH ()-[r]->() RETURN sum(size(keys(properties(r)))) AS p");
        // IS NOT NULL on an indexed property plans as a scan of that index
        labelKeys.forEach((label, key) -> s.add(scan(label, key)));
        for (SchemaPhase.Step i : indexes) s.add(scan(i.label(), i.property()));
        return new Method(GRAPHPERF, "graphperf's store-touching warm-up: every node and relationship read with all its properties by"
                + " Cypher, then every constraint's and index's entries scanned", s);
    }

    private static String scan(String label, String property) {
        return "MATCH (n:`" + label.replace("`", "``") + "`) WHERE n.`" + property.replace("`", "``") + "` IS NOT NULL RETURN count(n) AS c";
    }
}
