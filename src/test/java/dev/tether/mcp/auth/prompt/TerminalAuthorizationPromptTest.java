package dev.tether.mcp.auth.prompt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class TerminalAuthorizationPromptTest {
    @Test
    void printsTheUrlOpensTheBrowserAndWaitsForTheRedirect() throws Exception {
        URI authorize = URI.create("https://login.example.com/authorize?client_id=c&state=st");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        List<URI> opened = new CopyOnWriteArrayList<>();
        AuthorizationPrompt[] holder = new AuthorizationPrompt[1];
        BrowserLauncher browser = url -> {
            opened.add(url);
            Thread.ofVirtual().start(() -> Browser.returnTo(holder[0].redirectUri(), "code=abc&state=st"));
            return true;
        };
        try (AuthorizationPrompt prompt = TerminalAuthorizationPrompt.factory(err, browser).open("github")) {
            holder[0] = prompt;
            assertEquals(Map.of("code", "abc", "state", "st"), prompt.authorize("github", authorize, "st", Cancellation.root()));
        }
        assertEquals(List.of(authorize), opened);
        assertEquals("""
                Sign in to MCP server github at login.example.com. Open this address in a browser:

                  https://login.example.com/authorize?client_id=c&state=st

                Opened your browser. Waiting for the sign-in to finish (up to 5 minutes)...
                """, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void noDisplayMeansNoBrowserAndNoFailure() {
        org.junit.jupiter.api.Assumptions.assumeFalse(System.getProperty("os.name").toLowerCase().contains("mac"), "macOS always has a browser");
        assertEquals(false, BrowserLauncher.system(Map.of()).open(URI.create("https://login.example.com/")));
    }
}
