package dev.tether.mcp.auth.prompt;

import dev.tether.base.Cancellation;
import dev.tether.http.LoopbackRedirect;
import dev.tether.http.RedirectException;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/** What both prompts share: the wording shown to the user and the bounded wait on the listener. */
final class SignIn {
    private SignIn() {}

    /** "Sign in to MCP server `x` at login.example.com": the host in full, so the user sees where they are sent. */
    static String message(String server, URI authorizationUrl) {
        return "Sign in to MCP server `" + server + "` at " + authority(authorizationUrl);
    }

    private static String authority(URI url) {
        String host = url.getHost() == null ? String.valueOf(url.getAuthority()) : url.getHost();
        return url.getPort() == -1 ? host : host + ":" + url.getPort();
    }

    static Map<String, String> await(LoopbackRedirect redirect, String server, Duration timeout, Cancellation cancellation)
            throws AuthException {
        try {
            return redirect.await(timeout, cancellation).params();
        } catch (RedirectException e) {
            throw new AuthException("sign-in to MCP server `" + server + "` did not complete: " + e.getMessage());
        }
    }

    /** A factory of prompts that listen on the redirect path asked for (a random one when none is). */
    static AuthorizationPrompt.Factory factory(java.util.function.Function<String, AuthorizationPrompt> onPath) {
        return new AuthorizationPrompt.Factory() {
            @Override
            public AuthorizationPrompt open(String server) throws AuthException {
                return open(server, null);
            }

            @Override
            public AuthorizationPrompt open(String server, String redirectPath) throws AuthException {
                return SignIn.open(() -> onPath.apply(redirectPath));
            }
        };
    }

    /** Opens a prompt; a listener that cannot start is an AuthException like any other failed sign-in. */
    static AuthorizationPrompt open(java.util.function.Supplier<AuthorizationPrompt> prompt) throws AuthException {
        try {
            return prompt.get();
        } catch (RuntimeException e) {
            throw new AuthException("cannot listen for the sign-in redirect on 127.0.0.1: " + e.getMessage());
        }
    }

    static AuthException declined(String server) {
        return new AuthException("the user declined to sign in to " + server);
    }
}
