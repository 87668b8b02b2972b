package io.graphperf.datagen.social;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The parameter file of the read workload: people, pairs of people, groups, and activity and message
 * ids that belong to the person they are asked for, sampled with the dataset's seed so queries hit
 * real data.
 */
public final class ReadParameters {
    public static final String FILE = "read-parameters.json";
    static final int SAMPLES = 200;

    private ReadParameters() {
    }

    static void write(SocialGraph g, Path file, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed ^ 0x5EEDL);
        Map<String, Object> p = new LinkedHashMap<>();
        List<Integer> people = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) people.add(1 + r.nextInt(g.people));
        p.put("people", people);
        List<List<Integer>> batches = new ArrayList<>();
        for (int i = 0; i < SAMPLES / 10; i++) {
            List<Integer> batch = new ArrayList<>();
            for (int k = 0; k < 10; k++) batch.add(1 + r.nextInt(g.people));
            batches.add(batch);
        }
        p.put("peopleBatches", batches);
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            int a = 1 + r.nextInt(g.people), b;
            do b = 1 + r.nextInt(g.people); while (b == a && g.people > 1);
            pairs.add(new int[]{a, b});
        }
        p.put("personPairs", pairs);
        List<Integer> groups = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) groups.add(g.memberGroup[r.nextInt(g.memberGroup.length)]);
        p.put("groups", groups);
        p.put("personActivities", owned(g.activitiesByOwner(), r, "activities"));
        p.put("personMessages", owned(g.messagesBySender(), r, "messages"));
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), p);
    }

    /** People who own at least one item, each with up to 10 of their own item keys. */
    private static List<Map<String, Object>> owned(int[][] byOwner, SplittableRandom r, String name) {
        List<Integer> owners = new ArrayList<>();
        for (int o = 1; o < byOwner.length; o++) if (byOwner[o].length > 0) owners.add(o);
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < SAMPLES && !owners.isEmpty(); i++) {
            int o = owners.get(r.nextInt(owners.size()));
            List<Integer> items = new ArrayList<>();
            for (int k = 0; k < Math.min(10, byOwner[o].length); k++) items.add(byOwner[o][r.nextInt(byOwner[o].length)]);
            Map<String, Object> m = new LinkedHashMap<>(); // ordered: the file must be byte-identical run to run
            m.put("person", o);
            m.put(name, items);
            out.add(m);
        }
        return out;
    }
}
