package io.graphperf.engines.hosted;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A request on the engine-host line, from {@link HostProcess#call} to a host's {@link HostDispatch}: a record whose fields are
 * the request's arguments, named on the line by its {@link Op}, which also gives the type its reply is read into.
 *
 * @param <R> the reply's type
 */
public interface HostRequest<R> {

    /** The request's name on the line and its reply's type. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface Op {
        String value();

        /** The reply's type: the host's answer (JSON) is read into it. */
        Class<?> reply();
    }

    /** The {@link Op} of a request type; a type without one is a programming error. */
    static Op op(Class<?> type) {
        Op op = type.getAnnotation(Op.class);
        if (op == null) throw new IllegalArgumentException(type.getName() + " is no host request: it has no @HostRequest.Op");
        return op;
    }

    /** The request that ends the host: it closes its databases and exits. Every host answers it ({@link HostLoop}). */
    @Op(value = "exit", reply = String.class)
    record Exit() implements HostRequest<String> {
    }
}
