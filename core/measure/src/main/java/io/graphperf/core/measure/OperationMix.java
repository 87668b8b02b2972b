package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;

import java.util.List;
import java.util.Map;

/**
 * A workload as data: operation types, each one query text with a list of parameter sets, mixed by
 * weight. Plain values only, so the same mix can be shipped to a server's JVM and measured there.
 * Operation {@code seq} of client {@code c} is deterministic: its type is drawn by weight and its parameter
 * set drawn uniformly, from two independent hashes of (client, seq), so every type uses all of its
 * parameter sets, whatever the weights.
 *
 * @param types the operation types; a single type makes a single-query run
 */
public record OperationMix(List<Type> types) implements PortableOperations {

    /**
     * @param weight    relative frequency in the mix (e.g. the study's repeat count)
     * @param procedure the server-side procedure {@code text} calls, or null for a plain query
     */
    public record Type(String type, String text, String procedure, List<Map<String, Object>> params, int weight, long entities) {
    }

    public OperationMix {
        if (types.isEmpty()) throw new IllegalArgumentException("an operation mix needs at least one type");
    }

    @Override
    public Operation next(int client, long sequence) {
        long key = ((long) client << 40) ^ sequence;
        Type t = pick(Math.floorMod(mix(key, 0x9E3779B97F4A7C15L), totalWeight()));
        Map<String, Object> p = t.params().get((int) Math.floorMod(mix(key, 0xC2B2AE3D27D4EB4FL), (long) t.params().size()));
        return new Operation(t.type(), List.of(new Statement(t.text(), p, t.procedure())), TxMode.AUTOCOMMIT, t.entities());
    }

    /** SplitMix64's finaliser over the key and a salt: independent, well-spread draws without shared state. */
    static long mix(long key, long salt) {
        long z = key + salt;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private long totalWeight() {
        long w = 0;
        for (Type t : types) w += t.weight();
        return w;
    }

    private Type pick(long slot) {
        for (Type t : types) {
            slot -= t.weight();
            if (slot < 0) return t;
        }
        return types.get(types.size() - 1);
    }
}
