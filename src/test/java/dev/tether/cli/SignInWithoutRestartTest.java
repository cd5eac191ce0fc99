package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The terminal auth flow against the real {@code tether acp}: without keys session/new asks for
 * authentication; after {@code tether acp login} (what the editor runs in a terminal) stored a
 * key, {@code authenticate} succeeds and a new session starts — same process, no restart, no
 * key in the environment. The key appears on neither stdout's frames nor stderr.
 */
class SignInWithoutRestartTest {
    private static final String KEY = "sk-ant-api03-SIGNIN-canary-0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void aKeyStoredByLoginIsUsedByTheRunningAgent() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", dir.toString());
        env.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        env.put("XDG_STATE_HOME", dir.resolve("state").toString());
        env.put("TETHER_MANAGED_SETTINGS", dir.resolve("managed.json").toString());
        Path ws = Files.createDirectories(dir.resolve("ws"));

        PipedOutputStream toAgent = new PipedOutputStream();
        PipedInputStream agentIn = new PipedInputStream(toAgent, 1 << 16);
        PipedInputStream fromAgent = new PipedInputStream(1 << 16);
        OutputStream agentOut = new PipedOutputStream(fromAgent);
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        CompletableFuture<Integer> agent = CompletableFuture.supplyAsync(() -> Main.run(new String[] {"acp"}, agentIn, agentOut,
                new PrintStream(stderr, true, StandardCharsets.UTF_8), env));
        BufferedReader frames = new BufferedReader(new InputStreamReader(fromAgent, StandardCharsets.UTF_8));
        StringBuilder transcript = new StringBuilder();

        JsonNode init = call(toAgent, frames, transcript, 1, "initialize",
                "{\"protocolVersion\":1,\"clientCapabilities\":{\"auth\":{\"terminal\":true}}}");
        assertEquals("tether-login", init.path("result").path("authMethods").path(1).path("id").asString(), init.toString());
        String newSession = "{\"cwd\":\"" + ws + "\",\"mcpServers\":[]}";
        JsonNode refused = call(toAgent, frames, transcript, 2, "session/new", newSession);
        assertEquals(-32000, refused.path("error").path("code").asInt(), refused.toString());

        ByteArrayOutputStream loginOut = new ByteArrayOutputStream();
        int login = Main.run(new String[] {"acp", "login"}, new ByteArrayInputStream(("1\n" + KEY + "\n").getBytes(StandardCharsets.UTF_8)),
                loginOut, new PrintStream(stderr, true, StandardCharsets.UTF_8), env);
        assertEquals(0, login, stderr.toString(StandardCharsets.UTF_8));

        JsonNode authenticated = call(toAgent, frames, transcript, 3, "authenticate", "{\"methodId\":\"tether-login\"}");
        assertEquals(Json.object(), authenticated.path("result"), authenticated.toString());
        JsonNode created = call(toAgent, frames, transcript, 4, "session/new", newSession);
        assertTrue(created.path("result").path("sessionId").isString(), created.toString());

        toAgent.close();
        assertEquals(0, agent.get(30, TimeUnit.SECONDS));
        assertFalse(transcript.toString().contains(KEY), "the key is in a frame");
        assertFalse(stderr.toString(StandardCharsets.UTF_8).contains(KEY), "the key is on stderr");
        assertFalse(loginOut.toString(StandardCharsets.UTF_8).contains(KEY), "login printed the key");
    }

    /** Sends a request and returns its answer, keeping every frame read on the way. */
    private static JsonNode call(OutputStream out, BufferedReader in, StringBuilder transcript, int id, String method, String params)
            throws Exception {
        out.write(("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
        return CompletableFuture.supplyAsync(() -> {
            try {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    transcript.append(line).append('\n');
                    JsonNode frame = Json.parse(line);
                    if (frame.path("id").asInt(-1) == id && !frame.has("method")) {
                        return frame;
                    }
                }
                throw new AssertionError("the agent closed stdout");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).get(30, TimeUnit.SECONDS);
    }
}
