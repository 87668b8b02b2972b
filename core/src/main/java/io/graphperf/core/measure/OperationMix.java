package io.graphperf.core.measure;

import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;

import java.util.List;
import java.util.Map;

/**
 * A workload as data: operation types, each one query text with a list of parameter sets, mixed by
 * weight. Plain values only, so the same mix can be shipped to a server's JVM and measured there.
 * Operation {@code seq} of client {@code c} is deterministic: the type by weight, the parameters by turn.
 *
 * @param types the operation types; a single type makes a single-query run
 */
public record OperationMix(List<Type> types) implements OperationSource {

    /** @param weight relative frequency in the mix (e.g. the study's repeat count) */
    public record Type(String type, String text, List<Map<String, Object>> params, int weight, long entities) {
    }

    public OperationMix {
        if (types.isEmpty()) throw new IllegalArgumentException("an operation mix needs at least one type");
    }

    @Override
    public Operation next(int client, long sequence) {
        long n = sequence * 7919 + client * 104_729L; // spread clients over the parameter lists
        Type t = pick(Math.floorMod(n * 2_654_435_761L, totalWeight()));
        Map<String, Object> p = t.params().get((int) Math.floorMod(sequence + client * 31L, t.params().size()));
        return new Operation(t.type(), List.of(new Statement(t.text(), p)), TxMode.AUTOCOMMIT, t.entities());
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
