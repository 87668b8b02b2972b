package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Messages;
import org.neo4j.internal.kernel.api.connectioninfo.ClientConnectionInfo;
import org.neo4j.internal.kernel.api.security.AuthenticationResult;
import org.neo4j.internal.kernel.api.security.LoginContext;
import org.neo4j.kernel.api.security.AuthManager;
import org.neo4j.kernel.api.security.AuthToken;

import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Who a connection acts as, from its hello: a Neo4j user (checked by Neo4j's own AuthManager, so its roles apply
 * to every request), or the shared token of graphperf.conf (full access). With Neo4j's authentication disabled
 * and no token configured, every hello is accepted.
 */
final class Authenticator {
    private final AuthManager auth;
    private final boolean authEnabled;
    private final String token;

    Authenticator(AuthManager auth, boolean authEnabled, String token) {
        this.auth = auth;
        this.authEnabled = authEnabled;
        this.token = token;
    }

    LoginContext login(Map<String, Object> hello) throws Exception {
        Object t = hello.get(Messages.TOKEN);
        if (t != null) {
            if (token.isEmpty()) throw new SecurityException("this gateway has no token configured; log in with user and password");
            if (!MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8), String.valueOf(t).getBytes(StandardCharsets.UTF_8))) {
                throw new SecurityException("wrong token");
            }
            return LoginContext.fullAccess(ClientConnectionInfo.EMBEDDED_CONNECTION);
        }
        if (!authEnabled && token.isEmpty()) return LoginContext.AUTH_DISABLED;
        Object user = hello.get(Messages.USER), password = hello.get(Messages.PASSWORD);
        if (!(user instanceof String u) || !(password instanceof String p)) throw new SecurityException("hello needs 'user' and 'password' (or 'token')");
        if (!authEnabled) throw new SecurityException("Neo4j's authentication is disabled: log in with the gateway's token");
        LoginContext ctx = auth.login(AuthToken.newBasicAuthToken(u, p), ClientConnectionInfo.EMBEDDED_CONNECTION);
        if (ctx.subject().getAuthenticationResult() != AuthenticationResult.SUCCESS) {
            throw new SecurityException("wrong user or password (" + ctx.subject().getAuthenticationResult() + ")");
        }
        return ctx;
    }
}
