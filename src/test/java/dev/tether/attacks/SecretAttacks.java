package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.cli.AttackWiring;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.ledger.AcpTokenStore;
import dev.tether.model.ModelRequest;
import dev.tether.security.SecretRegistry;
import dev.tether.session.SessionServices;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Shared set-up of the secret attacks: a Tether whose environment holds a (fake) provider key. */
final class SecretAttacks {
    /** Looks like an Anthropic key; only ever in this test JVM's maps, never in a real environment. */
    static final String KEY = "sk-ant-api03-CANARY-0123456789abcdefghij";
    static final String OPENAI_KEY = "sk-proj-CANARY-openai-9876543210zyxwvu";
    /** An editor without a terminal: run_command runs as a local process. */
    static final String NO_TERMINAL = "{\"protocolVersion\":1,\"clientCapabilities\":{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true}}}";

    private SecretAttacks() {}

    /** Tether's environment: the harmless variables of this JVM plus the keys. */
    static Map<String, String> env(Map<String, String> extra) {
        Map<String, String> env = new HashMap<>();
        for (String name : List.of("PATH", "HOME", "USER", "LANG", "TMPDIR")) {
            String value = System.getenv(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        env.put("ANTHROPIC_API_KEY", KEY);
        env.put("OPENAI_API_KEY", OPENAI_KEY);
        env.putAll(extra);
        return env;
    }

    /**
     * An agent wired as {@code tether acp} wires it: the real MCP launcher and the registry built
     * from {@code env} and {@code config}; {@code userServers} as if declared in the user's config file.
     */
    static InProcessAgent agent(Path dir, QueueModel model, Map<String, String> env, JsonNode config, List<McpServerSpec> userServers) {
        SecretRegistry secrets = AttackWiring.secrets(env, config);
        return agent(dir, model, env, secrets, userServers);
    }

    static InProcessAgent agent(Path dir, QueueModel model, Map<String, String> env, SecretRegistry secrets, List<McpServerSpec> userServers) {
        return new InProcessAgent(dir, model, AttackWiring.mcp(env, secrets, AcpTokenStore.inMemory()), ToolFilter.ALLOW_ALL,
                s -> new SessionServices(s.transcripts(), s.models(), s.mcp(), s.frontend(), userServers,
                        false, s.toolFilter(), s.limits()).withSecrets(secrets));
    }

    /** A stdio {@link EchoServer} as the editor would send it in {@code session/new}. */
    static ObjectNode editorEchoServer(String name, List<String> extraArgs, Map<String, String> env) {
        McpServerSpec.Stdio spec = McpTestSupport.javaServer(name, EchoServer.class, Map.of());
        ObjectNode server = Json.object().put("name", name).put("command", spec.command());
        var args = server.putArray("args");
        spec.args().forEach(args::add);
        extraArgs.forEach(args::add);
        var vars = server.putArray("env");
        env.forEach((k, v) -> vars.addObject().put("name", k).put("value", v));
        return server;
    }

    /** A stdio {@link EchoServer} as the user's config file would declare it. */
    static McpServerSpec.Stdio userEchoServer(String name, List<String> extraArgs, Map<String, String> env) {
        McpServerSpec.Stdio spec = McpTestSupport.javaServer(name, EchoServer.class, Map.of());
        List<String> args = new ArrayList<>(spec.args());
        args.addAll(extraArgs);
        return new McpServerSpec.Stdio(name, spec.command(), args, env, null, McpServerSpec.Origin.USER_CONFIG);
    }

    /** Runs a prompt to its end and returns its stop reason. */
    static String prompt(AcpTestClient client, String session, String text) {
        return AcpTestClient.await(client.prompt(session, text)).path("result").path("stopReason").asString();
    }

    /** The session still works: one more prompt (the model's next queued reply is text) ends normally. */
    static void stillWorks(AcpTestClient client, String session) {
        assertEquals("end_turn", prompt(client, session, "still there?"));
        assertEquals(List.of(), client.violations());
    }

    /** Every text the user, the model or the disk got from the session, for "the key is nowhere" checks. */
    static String everything(AcpTestClient client, String session, QueueModel model, Path dir) throws IOException {
        StringBuilder all = new StringBuilder();
        client.updates(session).forEach(u -> all.append(u).append('\n'));
        client.agentRequests().forEach(r -> all.append(r).append('\n'));
        for (ModelRequest request : model.requests()) {
            all.append(request.messages()).append('\n');
        }
        try (Stream<Path> files = Files.list(dir.resolve("sessions"))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                all.append(Files.readString(file)).append('\n');
            }
        }
        return all.toString();
    }

    static void assertNoKey(String text) {
        assertFalse(text.contains(KEY), "the provider key leaked: " + excerpt(text, KEY));
        assertFalse(text.contains(OPENAI_KEY), "the OpenAI key leaked: " + excerpt(text, OPENAI_KEY));
    }

    /** No eight characters of {@code secret} in a row (the registry's shortest value) are in {@code text}. */
    static void assertNoFragment(String text, String secret) {
        for (int i = 0; i + SecretRegistry.MIN_LENGTH <= secret.length(); i++) {
            String piece = secret.substring(i, i + SecretRegistry.MIN_LENGTH);
            assertFalse(text.contains(piece), "a piece of the secret (" + piece + ") leaked: " + excerpt(text, piece));
        }
    }

    static String excerpt(String text, String needle) {
        int at = text.indexOf(needle);
        return at < 0 ? "" : text.substring(Math.max(0, at - 200), Math.min(text.length(), at + needle.length() + 50));
    }

    /** The text of the model's view of the last tool result in the conversation. */
    static String lastToolResult(QueueModel model) {
        List<ModelRequest> requests = model.requests();
        return requests.getLast().messages().getLast().parts().toString();
    }
}
