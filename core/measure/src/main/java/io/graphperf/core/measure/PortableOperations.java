package io.graphperf.core.measure;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * Operations as plain data, so the same workload can be shipped to an engine's own process and measured there (the
 * "embedded" transport) and still draw, for each client and sequence, exactly what the harness would: a mix of
 * parameterised queries ({@link OperationMix}), writes with deterministic ids ({@link IdWrites}), or a user's workload whose parameters
 * are drawn from sources ({@link DrawnMix}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = OperationMix.class, name = "mix"), @JsonSubTypes.Type(value = IdWrites.class, name = "writes"),
        @JsonSubTypes.Type(value = DrawnMix.class, name = "drawn")})
public sealed interface PortableOperations extends OperationSource permits OperationMix, IdWrites, DrawnMix {

    /**
     * The same operations for round {@code round} of a server warm-up: writes with ids of their own in each round (so an engine whose
     * index checks each id is new, as Kuzu's primary key does, warms on writes that succeed); the same operations where ids do not matter.
     */
    default PortableOperations forRound(int round) {
        return this;
    }
}
