package dev.tether.mcp.auth.prompt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class EditorAuthorizationPromptTest {
    private static final URI AUTHORIZE = URI.create("https://login.example.com:8443/authorize?client_id=c&state=st");

    @Test
    void urlElicitationAcceptedThenWaitsForTheRedirect() throws Exception {
        FakeHost host = new FakeHost(true);
        try (AuthorizationPrompt prompt = EditorAuthorizationPrompt.factory(host, Duration.ofSeconds(10)).open("github")) {
            host.onElicit = (e, c) -> {
                // The user signs in while the editor still shows the page.
                assertEquals(200, Browser.returnTo(prompt.redirectUri(), "code=abc&state=st&iss=https%3A%2F%2Flogin.example.com"));
                return new ElicitationReply("accept", null);
            };

            Map<String, String> params = prompt.authorize("github", AUTHORIZE, "st", Cancellation.root());

            assertEquals(Map.of("code", "abc", "state", "st", "iss", "https://login.example.com"), params);
            Elicitation shown = host.elicitations.getFirst();
            assertEquals(new Elicitation("github", "url", "Sign in to MCP server `github` at login.example.com:8443", null,
                    AUTHORIZE.toString(), shown.elicitationId(), null), shown);
            UUID.fromString(shown.elicitationId());
        }
    }

    @Test
    void eachSignInHasAFreshElicitationId() throws Exception {
        FakeHost host = new FakeHost(true);
        for (int i = 0; i < 2; i++) {
            try (AuthorizationPrompt prompt = EditorAuthorizationPrompt.factory(host).open("s")) {
                assertThrows(AuthException.class, () -> prompt.authorize("s", AUTHORIZE, "st", Cancellation.root()));
            }
        }
        assertTrue(!host.elicitations.get(0).elicitationId().equals(host.elicitations.get(1).elicitationId()));
    }

    @Test
    void declineOrCancelEndsTheSignIn() throws Exception {
        for (ElicitationReply reply : List.of(ElicitationReply.DECLINE, ElicitationReply.CANCEL)) {
            FakeHost host = new FakeHost(true);
            host.onElicit = (e, c) -> reply;
            try (AuthorizationPrompt prompt = EditorAuthorizationPrompt.factory(host).open("linear")) {
                AuthException e = assertThrows(AuthException.class, () -> prompt.authorize("linear", AUTHORIZE, "st", Cancellation.root()));
                assertEquals("the user declined to sign in to linear", e.getMessage());
            }
        }
    }

    @Test
    void withoutUrlElicitationTheLinkIsOfferedAndTheRedirectEndsThePendingQuestion() throws Exception {
        FakeHost host = new FakeHost(false);
        AtomicBoolean withdrawn = new AtomicBoolean();
        try (AuthorizationPrompt prompt = EditorAuthorizationPrompt.factory(host, Duration.ofSeconds(10)).open("sentry")) {
            host.onOffer = (offer, asking) -> {
                assertEquals(200, Browser.returnTo(prompt.redirectUri(), "code=xyz&state=st"));
                // The permission request stays open until the prompt withdraws it.
                try {
                    withdrawn.set(asking.await(Duration.ofSeconds(10)));
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                throw new CancelledException();
            };

            Map<String, String> params = prompt.authorize("sentry", AUTHORIZE, "st", Cancellation.root());

            assertEquals(Map.of("code", "xyz", "state", "st"), params);
            assertEquals(List.of(new FakeHost.Offer("sentry", "Sign in to MCP server `sentry` at login.example.com:8443", AUTHORIZE.toString())),
                    host.offers);
            assertTrue(withdrawn.get());
            assertEquals(List.of(), host.elicitations);
        }
    }

    @Test
    void withoutUrlElicitationCancelEndsTheSignIn() throws Exception {
        FakeHost host = new FakeHost(false);
        host.onOffer = (offer, asking) -> false;
        try (AuthorizationPrompt prompt = EditorAuthorizationPrompt.factory(host, Duration.ofSeconds(10)).open("sentry")) {
            AuthException e = assertThrows(AuthException.class, () -> prompt.authorize("sentry", AUTHORIZE, "st", Cancellation.root()));
            assertEquals("the user declined to sign in to sentry", e.getMessage());
        }
    }

    @Test
    void noRedirectInTimeIsAReadableError() throws Exception {
        FakeHost host = new FakeHost(true);
        host.onElicit = (e, c) -> new ElicitationReply("accept", null);
        try (AuthorizationPrompt prompt = EditorAuthorizationPrompt.factory(host, Duration.ofMillis(300)).open("github")) {
            AuthException e = assertThrows(AuthException.class, () -> prompt.authorize("github", AUTHORIZE, "st", Cancellation.root()));
            assertEquals("sign-in to MCP server `github` did not complete: no sign-in came back within 300 ms", e.getMessage());
        }
    }

    @Test
    void aCancelledTurnIsACancellationNotADecline() throws Exception {
        FakeHost host = new FakeHost(true);
        Cancellation turn = Cancellation.root();
        host.onElicit = (e, c) -> {
            turn.cancel();
            return ElicitationReply.CANCEL;
        };
        try (AuthorizationPrompt prompt = EditorAuthorizationPrompt.factory(host).open("github")) {
            assertThrows(CancelledException.class, () -> prompt.authorize("github", AUTHORIZE, "st", turn));
        }
    }
}
