package io.graphperf.core.engine;

import java.util.Map;

/** One query text with its parameters, in the target's query language. */
public record Statement(String text, Map<String, Object> params) {
    public Statement {
        params = params == null ? Map.of() : params;
    }
}
