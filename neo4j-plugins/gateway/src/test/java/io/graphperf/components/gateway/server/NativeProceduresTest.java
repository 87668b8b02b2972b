package io.graphperf.components.gateway.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.graphdb.Transaction;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gateway's procedures come from the registries plugin jars ship: the classes listed, their arguments by name, their rows by field. */
class NativeProceduresTest {

    public static final class Row {
        public Long twice;
        public String said;

        Row(long twice, String said) {
            this.twice = twice;
            this.said = said;
        }
    }

    public static final class Echo {
        @Context
        public Transaction tx;

        @Procedure("test.echo")
        public Stream<Row> echo(@Name("n") long n, @Name("word") String word) {
            return Stream.of(new Row(2 * n, word + (tx == null ? "" : "!")));
        }
    }

    public static final class NoTransaction {
        @Procedure("test.none")
        public Stream<Row> none() {
            return Stream.empty();
        }
    }

    private static NativeProcedures listing(Path dir, String... classes) throws Exception {
        Path registry = dir.resolve(NativeProcedures.REGISTRY);
        Files.createDirectories(registry.getParent());
        Files.writeString(registry, "# a comment\n\n" + String.join("\n", classes) + "  # trailing comment\n");
        // the test classpath's own registry (GatewayServerIT's procedure) hidden: only the listing made here is read
        ClassLoader withoutOtherRegistries = new ClassLoader(NativeProceduresTest.class.getClassLoader()) {
            @Override
            public Enumeration<URL> getResources(String name) throws IOException {
                return name.equals(NativeProcedures.REGISTRY) ? Collections.emptyEnumeration() : super.getResources(name);
            }
        };
        return new NativeProcedures(new URLClassLoader(new URL[] {dir.toUri().toURL()}, withoutOtherRegistries));
    }

    @Test
    void theListedClassesProceduresAreCalledByNameWithNamedArguments(@TempDir Path dir) throws Exception {
        NativeProcedures p = listing(dir, Echo.class.getName());
        assertEquals(List.of("test.echo"), p.names());
        NativeProcedures.Result r = p.call(null, "test.echo", Map.of("n", 21, "word", "hi"));
        assertEquals(List.of("twice", "said"), r.columns());
        assertEquals(List.of(List.of(42L, "hi")), r.rows());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.call(null, "test.echo", Map.of("n", 1)));
        assertTrue(e.getMessage().contains("needs the argument 'word'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> p.call(null, "test.echo", Map.of("n", "x", "word", "w")));
        assertTrue(e.getMessage().contains("'n' must be long"), e.getMessage());
    }

    @Test
    void noRegistryNoProceduresAndAClassWithoutATransactionFieldIsNamed(@TempDir Path dir) throws Exception {
        assertTrue(new NativeProcedures(new URLClassLoader(new URL[0], null)).names().isEmpty(), "nothing listed, nothing offered");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> listing(dir, NoTransaction.class.getName()));
        assertTrue(e.getMessage().contains(NoTransaction.class.getName()) && e.getMessage().contains("@Context Transaction"), e.getMessage());
    }
}
