package io.graphperf.core.engine;

import java.util.Map;

/**
 * One query text with its parameters, in the engine's query language. A statement may also name a
 * server-side procedure ({@code procedure}): {@code text} is then the procedure call in the query language
 * (what Bolt and HTTP send), while a transport with a native route for that procedure (an HTTP endpoint, a
 * gateway's procedure message) calls it by name with {@code params} as named arguments, without parsing.
 */
public record Statement(String text, Map<String, Object> params, String procedure) {
    public Statement {
        params = params == null ? Map.of() : params;
    }

    public Statement(String text, Map<String, Object> params) {
        this(text, params, null);
    }

    /** A call of the named procedure, written in the query language as {@code text}. */
    public static Statement call(String procedure, String text, Map<String, Object> params) {
        return new Statement(text, params, procedure);
    }
}
