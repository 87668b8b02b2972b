package io.graphperf.components.gateway.client;

/** An error response of the gateway (code as in the protocol, or Neo4j's status code), or a failed connection. */
public final class GatewayException extends Exception {
    private final String code;

    public GatewayException(String code, String message) {
        super(code + ": " + message);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
