package io.graphperf.core.measure;

/**
 * Bytes on the wire per request, as the client library counted them for the window's operations: means, sent and
 * received, after compression and before it.
 *
 * @param requests operations whose bytes were reported
 */
public record WireBytes(long requests, double sent, double sentUncompressed, double received, double receivedUncompressed) {

    static WireBytes of(long requests, long sent, long sentUncompressed, long received, long receivedUncompressed) {
        if (requests == 0) return null;
        double n = requests;
        return new WireBytes(requests, sent / n, sentUncompressed / n, received / n, receivedUncompressed / n);
    }
}
