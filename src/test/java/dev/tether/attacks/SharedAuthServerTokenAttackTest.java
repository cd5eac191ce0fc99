package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.MockAuthServer;
import dev.tether.mcp.auth.OAuthAuthorization;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.ledger.AcpTokenStore;
import dev.tether.mcp.auth.ledger.FileTokenStore;
import dev.tether.mcp.auth.ledger.MemoryTokenStore;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.transport.HttpAuthorization;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Two MCP servers, {@code /a/mcp} and {@code /b/mcp}, name the same authorization server (same
 * issuer, same dynamically registered client, same scopes). A token issued for one is never sent
 * to the other: not while both are signed in, not after a restart from memory, the ACP ledger or
 * the host ledger, and not when the store points one server at the other's record. The client registration
 * is shared per issuer, and a reused registration keeps the redirect path it was registered with,
 * which an authorization server matching redirect URIs exactly requires.
 */
class SharedAuthServerTokenAttackTest {
    @TempDir
    Path state;

    /** The mock resource servers and their shared authorization server, which matches redirect paths exactly. */
    private static final class SharedIssuer implements AutoCloseable {
        final MockAuthServer server = new MockAuthServer();
        final String base = server.url();
        final AtomicInteger issued = new AtomicInteger();
        final AtomicInteger registrations = new AtomicInteger();
        final List<String> registeredRedirects = new CopyOnWriteArrayList<>();
        final List<URI> shownUrls = new CopyOnWriteArrayList<>();

        SharedIssuer() {
            for (String name : List.of("a", "b")) {
                server.on("GET /.well-known/oauth-protected-resource/" + name + "/mcp", r -> MockAuthServer.Reply.json(Map.of(
                        "resource", base + "/" + name + "/mcp", "authorization_servers", List.of(base), "scopes_supported", List.of("tools"))));
            }
            server.on("GET /.well-known/oauth-authorization-server", r -> MockAuthServer.Reply.json(Map.of(
                            "issuer", base, "authorization_endpoint", base + "/authorize", "token_endpoint", base + "/token",
                            "registration_endpoint", base + "/register", "code_challenge_methods_supported", List.of("S256"),
                            "token_endpoint_auth_methods_supported", List.of("none"))))
                    .on("POST /register", r -> {
                        JsonNode body = Json.parse(r.form().get("json"));
                        registeredRedirects.add(body.path("redirect_uris").path(0).asString());
                        return new MockAuthServer.Reply(201, Map.of("Content-Type", "application/json"),
                                "{\"client_id\":\"shared-client-" + registrations.incrementAndGet() + "\"}");
                    })
                    .on("POST /token", r -> {
                        // Exact redirect matching (RFC 8252 §7.3 lets only the loopback port vary).
                        String redirect = r.form().get("redirect_uri");
                        if (redirect != null && registeredRedirects.stream().noneMatch(registered -> samePath(registered, redirect))) {
                            return new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"), "{\"error\":\"invalid_grant\"}");
                        }
                        String resource = r.form().get("resource");
                        String name = resource.substring(base.length() + 1, base.length() + 2);
                        return MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-for-" + name + "-" + issued.incrementAndGet(),
                                "token_type", "Bearer", "expires_in", 3600, "refresh_token", "rt-SECRET-" + issued.get(), "scope", "tools"));
                    });
        }

        static boolean samePath(String a, String b) {
            URI x = URI.create(a);
            URI y = URI.create(b);
            return x.getHost().equals(y.getHost()) && x.getPath().equals(y.getPath());
        }

        String url(String name) {
            return base + "/" + name + "/mcp";
        }

        HttpAuthorization authorization(String name, OAuthSettings settings) throws AuthException {
            return OAuthAuthorization.forServer(new McpServerSpec.Http(name, url(name), Map.of()), settings);
        }

        /** The header the server would receive after it refused a first request and Tether signed in. */
        String signIn(HttpAuthorization auth, String name) {
            HttpAuthorization.Verdict verdict = auth.rejected(new HttpAuthorization.Rejection(401,
                    "Bearer resource_metadata=\"" + base + "/.well-known/oauth-protected-resource/" + name + "/mcp\"", auth.header(), 1));
            assertTrue(verdict.retry(), "signed in to " + name + ": " + verdict.reason());
            return auth.header();
        }

        /** A prompt factory that listens where asked (a new port each time), as Tether's own prompts do. */
        AuthorizationPrompt.Factory prompts(boolean honoursPath) {
            AtomicInteger port = new AtomicInteger(40000);
            return new AuthorizationPrompt.Factory() {
                @Override
                public AuthorizationPrompt open(String server) {
                    return open(server, null);
                }

                @Override
                public AuthorizationPrompt open(String server, String redirectPath) {
                    String path = honoursPath && redirectPath != null ? redirectPath : "/callback/" + port.get();
                    return browser(URI.create("http://127.0.0.1:" + port.incrementAndGet() + path));
                }
            };
        }

        private AuthorizationPrompt browser(URI redirect) {
            return new AuthorizationPrompt() {
                @Override
                public URI redirectUri() {
                    return redirect;
                }

                @Override
                public Map<String, String> authorize(String server, URI url, String state, Cancellation cancellation) {
                    shownUrls.add(url);
                    return Map.of("code", "code-" + server, "state", MockAuthServer.decode(url.getRawQuery()).get("state"));
                }

                @Override
                public void close() {}
            };
        }

        @Override
        public void close() {
            server.close();
        }
    }

    @Test
    void theSecondServerNeverReceivesTheFirstsTokenFromMemory() throws Exception {
        try (SharedIssuer issuer = new SharedIssuer()) {
            MemoryTokenStore store = new MemoryTokenStore();
            bothServersKeepTheirOwnTokens(issuer, () -> store);
        }
    }

    @Test
    void theSecondServerNeverReceivesTheFirstsTokenRestoredFromTheAcpLedger() throws Exception {
        TetherPaths paths = TetherPaths.from(Map.of("HOME", state.toString(), "XDG_STATE_HOME", state.toString()));
        try (SharedIssuer issuer = new SharedIssuer()) {
            // Each call is a new Tether process: memory empty, the ledger file the same.
            bothServersKeepTheirOwnTokens(issuer, () -> AcpTokenStore.persistent(paths.stateDir()));
        }
    }

    @Test
    void theSecondServerNeverReceivesTheFirstsTokenRestoredFromTheHostLedger() throws Exception {
        TetherPaths paths = TetherPaths.from(Map.of("HOME", state.toString(), "XDG_STATE_HOME", state.toString()));
        try (SharedIssuer issuer = new SharedIssuer()) {
            // `tether mcp login a`, then `tether mcp login b`, then a later run using both.
            bothServersKeepTheirOwnTokens(issuer, () -> FileTokenStore.hostLedger(paths.stateDir()));
        }
    }

    private static void bothServersKeepTheirOwnTokens(SharedIssuer issuer, Supplier<TokenStore> stores) throws Exception {
        TokenStore first = stores.get();
        OAuthSettings settings = OAuthSettings.of(first, issuer.prompts(true));
        HttpAuthorization a = issuer.authorization("a", settings);
        String tokenA = issuer.signIn(a, "a");
        HttpAuthorization b = issuer.authorization("b", settings);
        assertNull(b.header(), "server b is sent nothing before its own sign-in");
        String tokenB = issuer.signIn(b, "b");
        assertTrue(tokenA.startsWith("Bearer at-SECRET-for-a-") && tokenB.startsWith("Bearer at-SECRET-for-b-"), tokenA + " / " + tokenB);
        assertEquals(tokenA, a.header(), "server a still gets its own token");
        assertEquals(1, issuer.registrations.get(), "the client registration is shared per issuer");

        OAuthSettings restarted = OAuthSettings.of(stores.get(), issuer.prompts(true));
        HttpAuthorization a2 = issuer.authorization("a", restarted);
        HttpAuthorization b2 = issuer.authorization("b", restarted);
        assertEquals(tokenA, a2.header(), "server a restores its own token");
        assertEquals(tokenB, b2.header(), "server b restores its own token");
        assertNotEquals(a2.header(), b2.header());
    }

    @Test
    void aStoredRecordForOneResourceIsNotUsedForAnother() throws Exception {
        try (SharedIssuer issuer = new SharedIssuer()) {
            MemoryTokenStore store = new MemoryTokenStore();
            OAuthSettings settings = OAuthSettings.of(store, issuer.prompts(true));
            String tokenA = issuer.signIn(issuer.authorization("a", settings), "a");
            String recordOfA = store.load(pointer(issuer.url("a"))).orElseThrow().path("credential").asString();
            // A store that points server b at a's record (tampered, or written by an older Tether).
            store.save(pointer(issuer.url("b")), Json.object().put("credential", recordOfA));

            HttpAuthorization b = issuer.authorization("b", settings);
            assertNull(b.header(), "a's token is not sent to b");
            String tokenB = issuer.signIn(b, "b");
            assertNotEquals(tokenA, tokenB);
            assertTrue(tokenB.startsWith("Bearer at-SECRET-for-b-"), tokenB);
        }
    }

    @Test
    void aReusedRegistrationKeepsItsRedirectPath() throws Exception {
        try (SharedIssuer issuer = new SharedIssuer()) {
            OAuthSettings settings = OAuthSettings.of(new MemoryTokenStore(), issuer.prompts(true));
            issuer.signIn(issuer.authorization("a", settings), "a");
            issuer.signIn(issuer.authorization("b", settings), "b");
            assertEquals(1, issuer.registrations.get(), "one registration, reused");
            String registered = URI.create(issuer.registeredRedirects.getFirst()).getPath();
            List<URI> redirects = issuer.shownUrls.stream()
                    .map(u -> URI.create(MockAuthServer.decode(u.getRawQuery()).get("redirect_uri"))).toList();
            assertEquals(2, redirects.size());
            assertEquals(List.of(registered, registered), redirects.stream().map(URI::getPath).toList(),
                    "both sign-ins use the registered path");
            assertNotEquals(redirects.get(0).getPort(), redirects.get(1).getPort(), "only the loopback port varies");
        }
    }

    @Test
    void aPromptThatCannotKeepThePathRegistersAgainInsteadOfBeingRefused() throws Exception {
        try (SharedIssuer issuer = new SharedIssuer()) {
            OAuthSettings settings = OAuthSettings.of(new MemoryTokenStore(), issuer.prompts(false));
            String tokenA = issuer.signIn(issuer.authorization("a", settings), "a");
            String tokenB = issuer.signIn(issuer.authorization("b", settings), "b");
            assertNotEquals(tokenA, tokenB);
            assertEquals(2, issuer.registrations.get(), "a new path needs a new registration");
        }
    }

    /** Where the OAuth core points a server at its credential: "server:" and the SHA-256 of its URL. */
    private static String pointer(String url) throws Exception {
        return "server:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8)));
    }
}
