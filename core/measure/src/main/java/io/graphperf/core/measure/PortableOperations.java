package io.graphperf.core.measure;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * Operations as plain data, so the same workload can be shipped to an engine's own process and measured there (the
 * "embedded" transport) and still draw, for each client and sequence, exactly what the harness would: a mix of
 * parameterised queries ({@link OperationMix}) or writes with deterministic ids ({@link IdWrites}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = OperationMix.class, name = "mix"), @JsonSubTypes.Type(value = IdWrites.class, name = "writes")})
public sealed interface PortableOperations extends OperationSource permits OperationMix, IdWrites {
}
