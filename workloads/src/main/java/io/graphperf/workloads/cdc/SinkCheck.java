package io.graphperf.workloads.cdc;

import io.graphperf.core.engine.Engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What reached the sink for one group of source nodes, checked against the source itself (the oracle): each source node
 * must be in the sink once, with one applied event per change the source made to it (its creation and {@code v} updates), in
 * commit order. graphperf's sink template records the commit sequence of every event it applies ({@code history}); a pipeline
 * of the user's, without it, is checked by counts only.
 *
 * @param expected    events the source committed for the group
 * @param applied     events the sink applied (history entries; node count without histories)
 * @param lost        events committed and never applied (a missing node counts its creation and its updates)
 * @param duplicated  events applied more than once
 * @param outOfOrder  nodes whose events were applied out of commit order
 * @param wrongState  nodes whose final properties differ from the source's
 */
record SinkCheck(long expected, long applied, long lost, long duplicated, long outOfOrder, long wrongState, boolean byHistory) {

    static SinkCheck of(Engine source, Engine sink, String group, boolean byHistory) throws Exception {
        Map<String, Long> versions = new HashMap<>();
        for (Object row : source.queryColumn("MATCH (n:Performance {group: $g}) RETURN [elementId(n), coalesce(n.v, 0)]", Map.of("g", group))) {
            List<?> r = (List<?>) row;
            versions.put((String) r.get(0), ((Number) r.get(1)).longValue());
        }
        long expected = 0;
        for (long v : versions.values()) expected += 1 + v;
        if (!byHistory) {
            long present = sink.queryLong("MATCH (n:Performance {group: '" + group.replace("'", "") + "'}) RETURN count(n)");
            long lost = Math.max(0, versions.size() - present), dup = Math.max(0, present - versions.size());
            return new SinkCheck(versions.size(), present, lost, dup, 0, 0, false);
        }
        long applied = 0, lost = 0, dup = 0, ooo = 0, wrong = 0;
        Map<String, Boolean> seen = new HashMap<>();
        for (Object row : sink.queryColumn("MATCH (n:Performance {group: $g}) RETURN [n.source_id, n.history, coalesce(n.v, 0)]", Map.of("g", group))) {
            List<?> r = (List<?>) row;
            String id = (String) r.get(0);
            List<?> h = (List<?>) r.get(1);
            long v = ((Number) r.get(2)).longValue();
            applied += h.size();
            long distinct = h.stream().distinct().count();
            dup += h.size() - distinct;
            for (int i = 1; i < h.size(); i++) {
                if (((Number) h.get(i)).longValue() < ((Number) h.get(i - 1)).longValue()) {
                    ooo++;
                    break;
                }
            }
            Long want = versions.get(id);
            if (seen.containsKey(id)) {
                dup += distinct; // a second node for the same source node: its events were applied twice
                continue;
            }
            if (want == null) {
                wrong++; // a node the source does not have
                continue;
            }
            seen.put(id, true);
            lost += Math.max(0, 1 + want - distinct);
            if (v != want) wrong++;
        }
        for (Map.Entry<String, Long> e : versions.entrySet()) {
            if (!seen.containsKey(e.getKey())) lost += 1 + e.getValue();
        }
        return new SinkCheck(expected, applied, lost, dup, ooo, wrong, true);
    }

    boolean passed() {
        return lost == 0 && duplicated == 0 && outOfOrder == 0 && wrongState == 0;
    }

    String describe() {
        return expected + " events committed, " + applied + " applied: " + lost + " lost, " + duplicated + " duplicated, " + outOfOrder
                + " nodes out of order" + (wrongState > 0 ? ", " + wrongState + " nodes not as in the source" : "")
                + (byHistory ? "" : " (counts only: a pipeline of yours records no commit sequences)");
    }
}
