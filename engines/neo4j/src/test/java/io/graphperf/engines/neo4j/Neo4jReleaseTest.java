package io.graphperf.engines.neo4j;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Neo4jReleaseTest {

    private static Path home(Path dir) throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("home/engines/neo4j/host/target/plugins"));
        for (String jar : List.of("apoc-core-5.26.19.jar", "apoc-common-5.26.19.jar", "graphperf-gateway-0.1.0-SNAPSHOT.jar", "bson-5.14.0.jar")) {
            Files.writeString(plugins.resolve(jar), "");
        }
        return dir.resolve("home");
    }

    private static List<String> names(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void a2025HostGetsGraphperfsPluginsWithoutApocAnd526ItsOwnFolder(@TempDir Path dir) throws Exception {
        Path home = home(dir);
        HostSettings v5 = HostSettings.defaults(dir.resolve("w5"));
        assertEquals(EngineHost.pluginsDir(home), EngineHost.plugins(v5, home, dir.resolve("w5")), "5.26: graphperf's folder as built");
        HostSettings v2025 = HostSettings.defaults(dir.resolve("w25")).with(Map.of(Neo4jRelease.SETTING, "2025"));
        assertEquals(Neo4jRelease.V2025, Neo4jRelease.of(v2025));
        Path folder = EngineHost.plugins(v2025, home, Files.createDirectories(dir.resolve("w25")));
        assertEquals(List.of("bson-5.14.0.jar", "graphperf-gateway-0.1.0-SNAPSHOT.jar"), names(folder), "2025: no APOC built for it");
        assertTrue(Files.isSymbolicLink(folder.resolve("bson-5.14.0.jar")));
        HostSettings blank = v5.with(Map.of(EngineHost.USER_PLUGINS, " "));
        assertEquals(EngineHost.pluginsDir(home), EngineHost.plugins(blank, home, dir.resolve("w5")), "a blank plugin list is none");
    }

    /** The release archive keeps the plugins in its one lib/, listed: the host links the ones its release takes into its own folder. */
    @Test
    void fromTheArchivesListTheHostLinksItsPluginsFromLib(@TempDir Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("archive"));
        Path lib = Files.createDirectories(home.resolve("lib"));
        for (String jar : List.of("apoc-core-5.26.19.jar", "bson-5.14.0.jar", "graphperf-gateway-0.1.0-SNAPSHOT.jar")) Files.writeString(lib.resolve(jar), "jar");
        Path list = home.resolve(EngineHost.PLUGINS_LIST);
        Files.createDirectories(list.getParent());
        Files.writeString(list, "lib/apoc-core-5.26.19.jar:lib/bson-5.14.0.jar:lib/graphperf-gateway-0.1.0-SNAPSHOT.jar\n");
        assertEquals(null, EngineHost.pluginsDir(home), "no plugins folder in the archive");
        Path v5 = EngineHost.plugins(HostSettings.defaults(dir.resolve("w5")), home, Files.createDirectories(dir.resolve("w5")));
        assertEquals(List.of("apoc-core-5.26.19.jar", "bson-5.14.0.jar", "graphperf-gateway-0.1.0-SNAPSHOT.jar"), names(v5));
        assertEquals(lib.resolve("bson-5.14.0.jar"), Files.readSymbolicLink(v5.resolve("bson-5.14.0.jar")), "a link to the one copy in lib/");
        Path v2025 = EngineHost.plugins(HostSettings.defaults(dir.resolve("w25")).with(Map.of(Neo4jRelease.SETTING, "2025")), home,
                Files.createDirectories(dir.resolve("w25")));
        assertEquals(List.of("bson-5.14.0.jar", "graphperf-gateway-0.1.0-SNAPSHOT.jar"), names(v2025), "2025: no APOC");
    }

    @Test
    void anUnknownReleaseIsRefusedAnd2025SaysWhereItsJarsComeFrom(@TempDir Path dir) throws Exception {
        UserError e = assertThrows(UserError.class, () -> Neo4jRelease.of(HostSettings.defaults(dir).with(Map.of(Neo4jRelease.SETTING, "4.4"))));
        assertTrue(e.getMessage().contains("5.26, 2025 or 2026"), e.getMessage());
        assertEquals(Neo4jRelease.V2026, Neo4jRelease.of(HostSettings.defaults(dir).with(Map.of(Neo4jRelease.SETTING, "2026"))));
        for (Neo4jRelease r : List.of(Neo4jRelease.V2025, Neo4jRelease.V2026)) {
            String why = r.whyNotRunnable(home(dir)).orElseThrow();
            assertTrue(why.contains("not resolved here") && why.contains("source checkout") && why.contains("neo4j-2025-2026.tar.xz")
                    && why.contains(r.version()), why);
        }
        assertEquals(Optional.empty(), Neo4jRelease.V5.whyNotRunnable(home(dir)));
    }
}
