package io.graphperf.core.engine;

import com.sun.net.httpserver.HttpServer;
import io.graphperf.core.UserError;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A pinned jar fetched from a Maven repository (a local one here): checked, cached whole, used offline, a wrong one refused. */
class MavenJarTest {

    static final byte[] JAR = "not really a jar, but bytes with a digest".getBytes(StandardCharsets.UTF_8);
    HttpServer repository;
    final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void serve(@TempDir Path dir) throws Exception {
        System.setProperty("graphperf.cache", dir.resolve("cache").toString());
        repository = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        repository.createContext("/", x -> {
            requests.incrementAndGet();
            boolean known = x.getRequestURI().getPath().equals("/maven2/org/example/engine-core/1.2.3/engine-core-1.2.3.jar");
            x.sendResponseHeaders(known ? 200 : 404, known ? JAR.length : -1);
            if (known) x.getResponseBody().write(JAR);
            x.close();
        });
        repository.start();
    }

    @AfterEach
    void stop() {
        repository.stop(0);
        System.clearProperty("graphperf.cache");
    }

    String url() {
        return "http://127.0.0.1:" + repository.getAddress().getPort() + "/maven2/";
    }

    static String sha256(byte[] b) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(b));
    }

    @Test
    void aPinnedJarIsFetchedOnceAndUsedOfflineAfterwards() throws Exception {
        MavenJar jar = new MavenJar("org.example", "engine-core", "1.2.3", sha256(JAR));
        assertFalse(jar.fetched());
        Path got = jar.fetch(url());
        assertArrayEquals(JAR, Files.readAllBytes(got));
        assertTrue(jar.fetched(), "kept in graphperf's cache");
        repository.stop(0);
        assertEquals(got, jar.fetch(url()), "the second run takes the cached jar, the repository gone");
        assertEquals(1, requests.get(), "asked for once");
    }

    @Test
    void aJarWhoseDigestIsNotThePinnedOneIsRefusedAndNotKept() throws Exception {
        MavenJar jar = new MavenJar("org.example", "engine-core", "1.2.3", sha256("other bytes".getBytes(StandardCharsets.UTF_8)));
        UserError e = assertThrows(UserError.class, () -> jar.fetch(url()));
        assertTrue(e.getMessage().contains("engine-core-1.2.3.jar has SHA-256 " + sha256(JAR)) && e.getMessage().contains("not used"), e.getMessage());
        assertFalse(jar.fetched(), "nothing that looks fetched is left");
        try (var left = Files.list(jar.cached().getParent())) {
            assertEquals(0, left.count(), "no partial file left beside it");
        }
    }

    @Test
    void aVersionTheRepositoryDoesNotServeIsNamedWithItsAddress() throws Exception {
        MavenJar jar = new MavenJar("org.example", "engine-core", "9.9.9", sha256(JAR));
        UserError e = assertThrows(UserError.class, () -> jar.fetch(url()));
        assertTrue(e.getMessage().contains("answered 404") && e.getMessage().contains("/org/example/engine-core/9.9.9/engine-core-9.9.9.jar"), e.getMessage());
        repository.stop(0);
        UserError down = assertThrows(UserError.class, () -> jar.fetch(url()));
        assertTrue(down.getMessage().contains("could not fetch") && down.getMessage().contains(MavenJar.REPOSITORY_ENV), down.getMessage());
    }
}
