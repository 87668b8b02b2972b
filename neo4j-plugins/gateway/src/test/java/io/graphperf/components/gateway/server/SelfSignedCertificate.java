package io.graphperf.components.gateway.server;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A certificate for 127.0.0.1 and its key, made by {@code openssl} for the gateway's TLS tests (here and, through this module's test
 * jar, engines/neo4j's client test); without openssl the calling test is skipped with the reason.
 */
public record SelfSignedCertificate(Path certificate, Path key) {

    public static SelfSignedCertificate make(Path dir) throws Exception {
        Path cert = dir.resolve("cert.pem"), key = dir.resolve("key.pem");
        Process p;
        try {
            p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(), "-out", cert.toString(),
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1").redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("openssl is not installed, so no certificate can be made for the TLS test: " + e.getMessage());
            throw e;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return new SelfSignedCertificate(cert, key);
    }
}
