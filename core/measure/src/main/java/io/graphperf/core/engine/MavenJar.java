package io.graphperf.core.engine;

import io.graphperf.core.UserError;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * One jar of a Maven repository, pinned by its digest: an engine version that differs from the built-in one by that jar alone (its
 * dependencies the same) is fetched at first use into graphperf's cache, checked, and put on the engine host's classpath in place
 * of the built-in one. Java alone fetches it (no Maven needed, as in a release archive). The repository is Maven Central, or the
 * environment's {@value #REPOSITORY_ENV} (a mirror). A jar that is not the one pinned is refused by name; the cached file appears
 * whole or not at all (written beside it, then moved).
 *
 * @param group    e.g. "com.orientechnologies"
 * @param artifact e.g. "orientdb-core"
 * @param version  e.g. "3.2.51"
 * @param sha256   the jar's SHA-256
 */
public record MavenJar(String group, String artifact, String version, String sha256) {

    /** The environment variable naming a Maven repository to fetch from instead of Maven Central. */
    public static final String REPOSITORY_ENV = "GRAPHPERF_MAVEN_REPOSITORY";
    static final String CENTRAL = "https://repo1.maven.org/maven2";

    /** The jar's file name, e.g. orientdb-core-3.2.51.jar. */
    public String fileName() {
        return artifact + "-" + version + ".jar";
    }

    /** Its address in {@code repository}. */
    public URI uri(String repository) {
        String base = repository.endsWith("/") ? repository.substring(0, repository.length() - 1) : repository;
        return URI.create(base + "/" + group.replace('.', '/') + "/" + artifact + "/" + version + "/" + fileName());
    }

    /** Where it is kept in graphperf's cache (there once fetched). */
    public Path cached() {
        return UserCache.dir("maven").resolve(group).resolve(fileName());
    }

    /** Whether it is in the cache already (a run then needs no network). */
    public boolean fetched() {
        return Files.isRegularFile(cached());
    }

    /** The repository to fetch from: the environment's, else Maven Central. */
    public static String repository() {
        String own = System.getenv(REPOSITORY_ENV);
        return own == null || own.isBlank() ? CENTRAL : own;
    }

    /** The cached jar, fetched from {@link #repository()} first if it is not there. */
    public Path fetch() throws IOException {
        return fetch(repository());
    }

    /** The cached jar, fetched from {@code repository} first if it is not there; refused unless its digest is the pinned one. */
    public Path fetch(String repository) throws IOException {
        Path target = cached();
        if (Files.isRegularFile(target)) return target;
        Files.createDirectories(target.getParent());
        URI from = uri(repository);
        Path part = Files.createTempFile(target.getParent(), fileName(), ".part");
        try {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).followRedirects(HttpClient.Redirect.NORMAL).build();
            HttpResponse<InputStream> r;
            try {
                r = http.send(HttpRequest.newBuilder(from).timeout(Duration.ofMinutes(10)).build(), HttpResponse.BodyHandlers.ofInputStream());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserError("interrupted while fetching " + from);
            } catch (IOException e) {
                throw new UserError("could not fetch " + from + " (" + e + "); set " + REPOSITORY_ENV + " to a Maven repository this machine reaches");
            }
            try (InputStream in = r.body()) {
                if (r.statusCode() != 200) throw new UserError("the Maven repository answered " + r.statusCode() + " for " + from);
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
            }
            String digest = Digest.sha256(part);
            if (!digest.equals(sha256)) throw new UserError(from + " has SHA-256 " + digest + ", not the " + sha256 + " graphperf pins: not used");
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } finally {
            Files.deleteIfExists(part);
        }
    }
}
