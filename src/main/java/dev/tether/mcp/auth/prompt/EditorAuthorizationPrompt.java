package dev.tether.mcp.auth.prompt;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.http.LoopbackRedirect;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sign-in for an ACP session: the authorization URL reaches the user through the editor. When
 * the editor offers URL elicitation it is an {@code elicitation/create} in URL mode (a decline or
 * cancel ends the sign-in); otherwise an agent message with the link plus a permission request
 * to continue or cancel ({@link McpHost#offerLink}), asked while the redirect is awaited, so a
 * sign-in finished in the browser does not wait for the answer. Either way the code comes back
 * to a {@link LoopbackRedirect} on 127.0.0.1.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/elicitation">ACP elicitation</a>
 */
public final class EditorAuthorizationPrompt implements AuthorizationPrompt {
    private static final Logger LOG = LoggerFactory.getLogger(EditorAuthorizationPrompt.class);

    private final McpHost host;
    private final Duration timeout;
    private final LoopbackRedirect redirect;

    /** Opens the redirect listener at once: {@link #redirectUri()} is needed before the URL is built. */
    public EditorAuthorizationPrompt(McpHost host, Duration timeout) {
        this(host, timeout, null);
    }

    /** As above, listening on {@code redirectPath} (a registered redirect's path), or a random path when null. */
    public EditorAuthorizationPrompt(McpHost host, Duration timeout, String redirectPath) {
        this.host = host;
        this.timeout = timeout;
        this.redirect = LoopbackRedirect.open(redirectPath);
    }

    /** Prompts through {@code host}, each waiting at most {@link LoopbackRedirect#DEFAULT_TIMEOUT}. */
    public static AuthorizationPrompt.Factory factory(McpHost host) {
        return factory(host, LoopbackRedirect.DEFAULT_TIMEOUT);
    }

    public static AuthorizationPrompt.Factory factory(McpHost host, Duration timeout) {
        return SignIn.factory(path -> new EditorAuthorizationPrompt(host, timeout, path));
    }

    @Override
    public URI redirectUri() {
        return redirect.uri();
    }

    /**
     * @throws CancelledException when {@code cancellation} fires (the turn was cancelled), not an AuthException
     */
    @Override
    public Map<String, String> authorize(String server, URI authorizationUrl, String state, Cancellation cancellation)
            throws AuthException {
        redirect.expect(state);
        String message = SignIn.message(server, authorizationUrl);
        if (host.canElicitUrl()) {
            ElicitationReply reply = host.elicit(new Elicitation(server, Elicitation.URL, message, null,
                    authorizationUrl.toString(), UUID.randomUUID().toString(), null), cancellation);
            cancellation.throwIfCancelled();
            if (!"accept".equals(reply.action())) {
                throw SignIn.declined(server);
            }
            return SignIn.await(redirect, server, timeout, cancellation);
        }
        return awaitWithConsent(server, message, authorizationUrl, cancellation);
    }

    private Map<String, String> awaitWithConsent(String server, String message, URI url, Cancellation cancellation)
            throws AuthException {
        AtomicBoolean declined = new AtomicBoolean();
        try (Cancellation waiting = cancellation.child(); Cancellation asking = cancellation.child()) {
            Thread consent = Thread.ofVirtual().name("oauth-consent-" + server).start(() -> {
                try {
                    if (!host.offerLink(server, message, url.toString(), asking) && !asking.isCancelled()) {
                        declined.set(true);
                        waiting.cancel();
                    }
                } catch (CancelledException e) {
                    // The redirect came first, or the turn was cancelled: nothing left to ask.
                } catch (RuntimeException e) {
                    // The link may still have been shown; let the redirect or the timeout decide.
                    LOG.warn("could not ask the user to continue signing in to {}: {}", server, e.toString());
                }
            });
            try {
                return SignIn.await(redirect, server, timeout, waiting);
            } catch (CancelledException e) {
                if (declined.get() && !cancellation.isCancelled()) {
                    throw SignIn.declined(server);
                }
                throw e;
            } finally {
                asking.cancel();
                joinQuietly(consent);
            }
        }
    }

    private static void joinQuietly(Thread thread) {
        try {
            thread.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        redirect.close();
    }
}
