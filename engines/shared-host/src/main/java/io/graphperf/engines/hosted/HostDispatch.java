package io.graphperf.engines.hosted;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The requests an engine host answers, each a {@link HostRequest} type with its handler: a line from the harness is read into
 * the type its name says and handed to that handler; the handler's result is the reply. A request the host does not know is
 * refused with the names of those it does.
 */
public final class HostDispatch {

    /** Answers one request type. */
    @FunctionalInterface
    public interface Handler<Q, R> {
        R handle(Q request) throws Exception;
    }

    private record Route<Q>(Class<Q> type, Handler<Q, ?> handler) {
        Object answer(JsonNode fields) throws Exception {
            return handler.handle(HostLine.JSON.treeToValue(fields, type));
        }
    }

    private final Map<String, Route<?>> routes = new LinkedHashMap<>();
    private UnaryOperator<Exception> errors = e -> e;

    /** Adds {@code type}'s handler; a second handler for one name is a programming error. */
    public <R, Q extends HostRequest<R>> HostDispatch on(Class<Q> type, Handler<? super Q, ? extends R> handler) {
        String op = HostRequest.op(type).value();
        @SuppressWarnings("unchecked")
        Handler<Q, ?> h = (Handler<Q, ?>) handler;
        if (routes.putIfAbsent(op, new Route<>(type, h)) != null) throw new IllegalArgumentException("two handlers for host request '" + op + "'");
        return this;
    }

    /** Every handler of {@code other} added to these. */
    public HostDispatch with(HostDispatch other) {
        other.routes.forEach((op, r) -> {
            if (routes.putIfAbsent(op, r) != null) throw new IllegalArgumentException("two handlers for host request '" + op + "'");
        });
        return this;
    }

    /** What a handler throws, made into what the reply says (e.g. an engine's message cut to its point). */
    public HostDispatch errors(UnaryOperator<Exception> translate) {
        this.errors = translate;
        return this;
    }

    /** The answer to request {@code op} with its {@code fields}, as the reply line carries it (JSON). */
    String answer(String op, JsonNode fields) throws Exception {
        Route<?> r = routes.get(op);
        if (r == null) throw new IllegalArgumentException("unknown request '" + op + "'; this host answers " + String.join(", ", routes.keySet()) + ", exit");
        Object result;
        try {
            result = r.answer(fields);
        } catch (Exception e) {
            throw errors.apply(e);
        }
        return HostLine.JSON.writeValueAsString(result);
    }

    /** The answer to a request made here, as a host would give it: for tests of a host's handlers without its process. */
    public <R> R answer(HostRequest<R> request) throws Exception {
        HostRequest.Op op = HostRequest.op(request.getClass());
        return HostLine.reply(answer(op.value(), HostLine.JSON.valueToTree(request)), op);
    }
}
