package io.graphperf.components.gateway.server;

import io.graphperf.engines.neo4j.procedures.social.SocialProcedures;
import org.neo4j.graphdb.Transaction;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The stored procedures the gateway calls by name, without Cypher: the same Java methods Neo4j registers as
 * {@code graphperf.social.q01} … (E2's 19 operations), invoked directly on a transaction. Arguments are named as
 * in the procedure's signature; each result row is the record's public fields in declaration order.
 */
final class NativeProcedures {

    record Result(List<String> columns, List<List<Object>> rows) {
    }

    private record Entry(Method method, List<String> argNames, List<Class<?>> argTypes, List<Field> fields) {
    }

    private final Map<String, Entry> byName = new HashMap<>();

    NativeProcedures() {
        for (Method m : SocialProcedures.class.getMethods()) {
            Procedure p = m.getAnnotation(Procedure.class);
            if (p == null) continue;
            List<String> names = new ArrayList<>();
            List<Class<?>> types = new ArrayList<>();
            for (Parameter a : m.getParameters()) {
                names.add(a.getAnnotation(Name.class).value());
                types.add(a.getType());
            }
            Class<?> row = (Class<?>) ((ParameterizedType) m.getGenericReturnType()).getActualTypeArguments()[0];
            List<Field> fields = Arrays.stream(row.getDeclaredFields()).filter(f -> Modifier.isPublic(f.getModifiers()) && !Modifier.isStatic(f.getModifiers())).toList();
            byName.put(p.name().isEmpty() ? p.value() : p.name(), new Entry(m, names, types, fields));
        }
    }

    boolean has(String name) {
        return byName.containsKey(name);
    }

    List<String> names() {
        return byName.keySet().stream().sorted().toList();
    }

    Result call(Transaction tx, String name, Map<String, Object> args) throws Exception {
        Entry e = byName.get(name);
        for (String given : args.keySet()) {
            if (!e.argNames.contains(given)) {
                throw new IllegalArgumentException("procedure " + name + " takes no argument '" + given + "' (arguments: " + e.argNames + ")");
            }
        }
        Object[] values = new Object[e.argNames.size()];
        for (int i = 0; i < values.length; i++) {
            String a = e.argNames.get(i);
            if (!args.containsKey(a)) throw new IllegalArgumentException("procedure " + name + " needs the argument '" + a + "' (arguments: " + e.argNames + ")");
            values[i] = convert(args.get(a), e.argTypes.get(i), name, a);
        }
        SocialProcedures target = new SocialProcedures();
        target.tx = tx;
        List<List<Object>> rows = new ArrayList<>();
        try (Stream<?> s = (Stream<?>) e.method.invoke(target, values)) {
            s.forEach(r -> {
                List<Object> row = new ArrayList<>(e.fields.size());
                for (Field f : e.fields) {
                    try {
                        row.add(f.get(r));
                    } catch (IllegalAccessException x) {
                        throw new IllegalStateException(x);
                    }
                }
                rows.add(row);
            });
        } catch (InvocationTargetException x) {
            throw x.getCause() instanceof Exception c ? c : x;
        }
        return new Result(e.fields.stream().map(Field::getName).toList(), rows);
    }

    private static Object convert(Object v, Class<?> type, String procedure, String arg) {
        if (type == long.class || type == Long.class) {
            if (v instanceof Number n) return n.longValue();
        } else if (type == List.class && v instanceof List<?> l) {
            List<Long> out = new ArrayList<>(l.size());
            for (Object o : l) {
                if (!(o instanceof Number n)) throw new IllegalArgumentException("procedure " + procedure + ": argument '" + arg + "' must be a list of integers");
                out.add(n.longValue());
            }
            return out;
        } else if (type == String.class && v instanceof String) {
            return v;
        }
        throw new IllegalArgumentException("procedure " + procedure + ": argument '" + arg + "' must be " + (type == List.class ? "a list of integers" : type.getSimpleName()));
    }
}
