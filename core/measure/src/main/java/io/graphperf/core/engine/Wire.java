package io.graphperf.core.engine;

/**
 * Bytes of one request on the wire as the client library counted them: sent and received, after compression and
 * before it (equal when nothing was compressed).
 */
public record Wire(int sent, int sentUncompressed, int received, int receivedUncompressed) {
}
