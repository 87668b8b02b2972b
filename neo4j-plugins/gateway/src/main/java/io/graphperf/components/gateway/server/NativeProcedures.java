package io.graphperf.components.gateway.server;

import org.neo4j.graphdb.Transaction;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The stored procedures the gateway calls by name, without Cypher: the same Java methods Neo4j registers as procedures
 * (graphperf's E2 operations {@code graphperf.social.q01} …, or a user's), invoked directly on a transaction. Which classes: each
 * plugin jar lists its own in {@value #REGISTRY} (one class name a line, {@code #} comments), so the gateway names none; a class needs a
 * public no-argument constructor and a public {@code @Context Transaction} field. Arguments are named as in the procedure's signature;
 * each result row is the record's public fields in declaration order.
 */
final class NativeProcedures {

    /** The resource in which a plugin jar lists its procedure classes for the gateway. */
    static final String REGISTRY = "META-INF/graphperf/gateway-procedures";

    record Result(List<String> columns, List<List<Object>> rows) {
    }

    private record Entry(Class<?> owner, Field tx, Method method, List<String> argNames, List<Class<?>> argTypes, List<Field> fields) {
    }

    private final Map<String, Entry> byName = new HashMap<>();

    /** The procedures of every class the registries visible to {@code loader} list. */
    NativeProcedures(ClassLoader loader) throws IOException, ClassNotFoundException {
        for (String name : registered(loader)) add(Class.forName(name, true, loader));
    }

    NativeProcedures() throws IOException, ClassNotFoundException {
        this(NativeProcedures.class.getClassLoader());
    }

    private static List<String> registered(ClassLoader loader) throws IOException {
        List<String> names = new ArrayList<>();
        Enumeration<URL> lists = loader.getResources(REGISTRY);
        while (lists.hasMoreElements()) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(lists.nextElement().openStream(), StandardCharsets.UTF_8))) {
                r.lines().map(l -> l.replaceFirst("#.*", "").trim()).filter(l -> !l.isEmpty() && !names.contains(l)).forEach(names::add);
            }
        }
        return names;
    }

    private void add(Class<?> owner) {
        Field tx = Arrays.stream(owner.getFields()).filter(f -> f.isAnnotationPresent(Context.class) && f.getType() == Transaction.class).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(owner.getName() + " (listed in " + REGISTRY + ") has no public @Context Transaction field"));
        for (Method m : owner.getMethods()) {
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
            byName.put(p.name().isEmpty() ? p.value() : p.name(), new Entry(owner, tx, m, names, types, fields));
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
        Object target = e.owner.getDeclaredConstructor().newInstance();
        e.tx.set(target, tx);
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
