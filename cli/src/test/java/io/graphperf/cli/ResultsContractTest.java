package io.graphperf.cli;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.introspect.AnnotatedClass;
import com.fasterxml.jackson.databind.introspect.AnnotatedClassResolver;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import io.graphperf.core.report.CsvExporter;
import io.graphperf.core.report.JsonExporter;
import io.graphperf.core.results.RunResult;
import io.graphperf.workloads.Experiments;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * results.csv's stable columns and run.json's fields, each against the list committed beside this test
 * ({@code src/test/resources/contract/}): a change to either format fails here until that list changes in the same commit, where a
 * reviewer sees it. run.json's fields are read from the types Jackson writes (every experiment's own result type included), so
 * the list does not depend on what one run happened to fill. {@code -Dcontract.write=true} writes the lists anew (into
 * {@code target/contract/}, to copy once the change is meant).
 */
class ResultsContractTest {

    static {
        Experiments.all();
    }

    @Test
    void resultsCsvKeepsItsStableColumnsInTheirOrder() throws IOException {
        check("results-csv-columns.txt", CsvExporter.COLUMNS);
    }

    @Test
    void runJsonKeepsEveryFieldItWrites() throws IOException {
        check("run-json-fields.txt", fields(JsonExporter.mapper(), RunResult.class));
    }

    /** Every field path Jackson writes for {@code root}: {@code a.b} for a field of a field,
            {@code a[]} for a list's items, {@code a{}} for a map's values,
            {@code a<name>} for a subtype; a type written as another ({@code @JsonValue}) by that one's fields, a part written
            unwrapped ({@code @JsonUnwrapped}) by its fields at its owner's path. */
    static List<String> fields(ObjectMapper mapper, Class<?> root) {
        Set<String> out = new TreeSet<>();
        walk(mapper, mapper.constructType(root), "", out, new HashSet<>());
        return new ArrayList<>(out);
    }

    private static void walk(ObjectMapper mapper, JavaType type, String path, Set<String> out, Set<String> seen) {
        if (type.isContainerType()) {
            if (type.isMapLikeType()) walk(mapper, type.getContentType(), path + "{}", out, seen);
            else walk(mapper, type.getContentType(), path + "[]", out, seen);
            return;
        }
        Class<?> raw = type.getRawClass();
        if (!raw.getName().startsWith("io.graphperf.") || raw.isEnum() || !seen.add(path + "@" + raw.getName())) return;
        SerializationConfig config = mapper.getSerializationConfig();
        AnnotatedClass annotated = AnnotatedClassResolver.resolveWithoutSuperTypes(config, raw);
        List<NamedType> subtypes = new ArrayList<>(mapper.getSubtypeResolver().collectAndResolveSubtypesByClass(config, annotated));
        subtypes.removeIf(n -> n.getType() == raw || !n.hasName());
        subtypes.sort(Comparator.comparing(NamedType::getName));
        for (NamedType n : subtypes) walk(mapper, mapper.constructType(n.getType()), path + "<" + n.getName() + ">", out, seen);
        BeanDescription bean = config.introspect(type);
        AnnotatedMember value = bean.findJsonValueAccessor();
        if (value != null) { // written as another type (a measurement as its flat fields): that type's fields, at this path
            walk(mapper, value.getType(), path, out, seen);
            return;
        }
        for (BeanPropertyDefinition p : bean.findProperties()) {
            if (!p.couldSerialize()) continue;
            if (config.getAnnotationIntrospector().findUnwrappingNameTransformer(p.getPrimaryMember()) != null) {
                walk(mapper, p.getPrimaryType(), path, out, seen); // a record's named part: its fields written beside the others'
                continue;
            }
            String name = path.isEmpty() ? p.getName() : path + "." + p.getName();
            out.add(name);
            walk(mapper, p.getPrimaryType(), name, out, seen);
        }
    }

    private static void check(String file, List<String> actual) throws IOException {
        Path written = Path.of("target", "contract", file);
        if (Boolean.getBoolean("contract.write")) {
            Files.createDirectories(written.getParent());
            Files.write(written, actual, StandardCharsets.UTF_8);
        }
        List<String> committed;
        try (InputStream in = ResultsContractTest.class.getResourceAsStream("/contract/" + file)) {
            if (in == null) throw new AssertionError("no src/test/resources/contract/" + file + "; run with -Dcontract.write=true and copy " + written);
            committed = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        assertEquals(String.join("\n", committed), String.join("\n", actual), file + " changed: a format change users' scripts meet; if it is"
                + " meant, copy " + written + " (written with -Dcontract.write=true) over src/test/resources/contract/" + file
                + " in the same commit, and say so in docs/results-format.md");
    }
}
