package dev.tether.mcp.auth.prompt;

import dev.tether.base.Cancellation;
import dev.tether.http.LoopbackRedirect;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * Sign-in at a terminal, for {@code tether mcp login}: prints the authorization URL on stderr,
 * asks the browser to open it when there is one, and waits for the redirect on a
 * {@link LoopbackRedirect} on 127.0.0.1.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization">MCP authorization</a>
 */
public final class TerminalAuthorizationPrompt implements AuthorizationPrompt {
    private final PrintStream err;
    private final BrowserLauncher browser;
    private final Duration timeout;
    private final LoopbackRedirect redirect;

    public TerminalAuthorizationPrompt(PrintStream err, BrowserLauncher browser, Duration timeout) {
        this(err, browser, timeout, null);
    }

    /** As above, listening on {@code redirectPath} (a registered redirect's path), or a random path when null. */
    public TerminalAuthorizationPrompt(PrintStream err, BrowserLauncher browser, Duration timeout, String redirectPath) {
        this.err = err;
        this.browser = browser;
        this.timeout = timeout;
        this.redirect = LoopbackRedirect.open(redirectPath);
    }

    public static AuthorizationPrompt.Factory factory(PrintStream err, BrowserLauncher browser) {
        return SignIn.factory(path -> new TerminalAuthorizationPrompt(err, browser, LoopbackRedirect.DEFAULT_TIMEOUT, path));
    }

    @Override
    public URI redirectUri() {
        return redirect.uri();
    }

    @Override
    public Map<String, String> authorize(String server, URI authorizationUrl, String state, Cancellation cancellation)
            throws AuthException {
        redirect.expect(state);
        err.println(SignIn.message(server, authorizationUrl).replace("`", "") + ". Open this address in a browser:");
        err.println();
        err.println("  " + authorizationUrl);
        err.println();
        boolean opened = browser.open(authorizationUrl);
        err.println((opened ? "Opened your browser. " : "") + "Waiting for the sign-in to finish (up to "
                + describe(timeout) + ")...");
        return SignIn.await(redirect, server, timeout, cancellation);
    }

    private static String describe(Duration timeout) {
        long minutes = timeout.toMinutes();
        return minutes >= 1 && timeout.toSeconds() % 60 == 0 ? minutes + (minutes == 1 ? " minute" : " minutes") : timeout.toSeconds() + " seconds";
    }

    @Override
    public void close() {
        redirect.close();
    }
}
