package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sampled parameters of read-parameters.json as the queries take them: the i-th parameter map of
 * a kind, cycling when a run needs more than were sampled.
 */
public final class ReadParameterSets {

    /** The file's name in a generated social dataset. */
    public static final String FILE = "read-parameters.json";

    private final Map<SocialQuery.ParamKind, List<Map<String, Object>>> sets = new LinkedHashMap<>();

    public ReadParameterSets(Path datasetDir) {
        Path file = datasetDir.resolve(FILE);
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UserError("cannot read " + file + " (made by graphperf datagen social): " + e.getMessage());
        }
        List<Map<String, Object>> people = new ArrayList<>(), groups = new ArrayList<>(), pairs = new ArrayList<>(), batches = new ArrayList<>(),
                activity = new ArrayList<>(), activities = new ArrayList<>(), message = new ArrayList<>();
        for (JsonNode n : root.path("people")) people.add(Map.of("person", n.asLong()));
        for (JsonNode n : root.path("groups")) groups.add(Map.of("group", n.asLong()));
        for (JsonNode n : root.path("personPairs")) pairs.add(Map.of("a", n.get(0).asLong(), "b", n.get(1).asLong()));
        for (JsonNode n : root.path("peopleBatches")) batches.add(Map.of("people", longs(n)));
        for (JsonNode n : root.path("personActivities")) {
            List<Long> acts = longs(n.path("activities"));
            activity.add(Map.of("person", n.path("person").asLong(), "activity", acts.get(0)));
            activities.add(Map.of("person", n.path("person").asLong(), "activities", acts));
        }
        for (JsonNode n : root.path("personMessages")) {
            message.add(Map.of("person", n.path("person").asLong(), "message", longs(n.path("messages")).get(0)));
        }
        sets.put(SocialQuery.ParamKind.PERSON, people);
        sets.put(SocialQuery.ParamKind.GROUP, groups);
        sets.put(SocialQuery.ParamKind.PAIR, pairs);
        sets.put(SocialQuery.ParamKind.BATCH, batches);
        sets.put(SocialQuery.ParamKind.PERSON_ACTIVITY, activity);
        sets.put(SocialQuery.ParamKind.PERSON_ACTIVITIES, activities);
        sets.put(SocialQuery.ParamKind.PERSON_MESSAGE, message);
        sets.forEach((k, v) -> {
            if (v.isEmpty()) throw new UserError(file + " has no parameters for " + k.names + " (a dataset too small?)");
        });
    }

    public int size(SocialQuery.ParamKind kind) {
        return sets.get(kind).size();
    }

    public Map<String, Object> get(SocialQuery.ParamKind kind, long i) {
        List<Map<String, Object>> l = sets.get(kind);
        return l.get((int) (i % l.size()));
    }

    private static List<Long> longs(JsonNode array) {
        List<Long> out = new ArrayList<>();
        for (JsonNode n : array) out.add(n.asLong());
        return out;
    }
}
