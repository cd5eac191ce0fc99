package dev.tether.cli.train;

import dev.tether.cli.exit.ExitCode;
import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The training workload of the start-up cache: {@code scripts/build} runs it once per jar in a JVM
 * that records the JDK AOT cache (AppCDS before JDK 25). It serves ACP in this process exactly as
 * {@code tether acp} does, once per provider (Anthropic, then OpenAI, both against
 * {@link TrainingModel} on 127.0.0.1), and drives it like an editor: initialize, session/new with
 * an MCP server over stdio, a plain turn, a built-in tool call through the editor's file system, an
 * MCP tool call, a cancelled turn, session/close. Everything it writes goes to a temporary
 * directory that stands in for the user's config and state; no key, no network.
 *
 * <p>Usage: {@code tether train [<node> <mcp-server.mjs>]} (with the launcher's JVM options, so that
 * the cache fits the runs it serves); without the two arguments the sessions have no MCP server.
 */
public final class Training {
    /**
     * The agent the training drives, as {@code tether acp} runs it: it serves ACP on {@code in} and
     * {@code out}, with {@code env} as its environment, until {@code in} ends, and returns its exit
     * code. The composition root passes it, so that the workload, which only drives the agent,
     * never imports the root.
     */
    @FunctionalInterface
    public interface Agent {
        int serve(InputStream in, OutputStream out, PrintStream err, Map<String, String> env);
    }

    private Training() {}

    /** Runs the workload against {@code agent}; 0 when every session went as an editor's would, else 1. */
    public static int run(String[] args, PrintStream stderr, Agent agent) {
        int code;
        Path home;
        try {
            home = Files.createTempDirectory("tether-training");
        } catch (IOException e) {
            stderr.println("training: no temporary directory: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
        try (TrainingModel model = new TrainingModel()) {
            Path workspace = Files.createDirectories(home.resolve("workspace"));
            Files.writeString(workspace.resolve("notes.txt"), "one\ntwo\nthree\n");
            String[] mcp = args.length >= 2 ? new String[] {args[0], Path.of(args[1]).toAbsolutePath().toString()} : null;
            for (String provider : new String[] {"anthropic", "openai"}) {
                session(agent, provider, env(home, provider, model.baseUrl()), workspace, mcp, model, stderr);
            }
            code = 0;
        } catch (IOException | RuntimeException e) {
            stderr.println("training: " + e.getMessage());
            code = 1;
        } finally {
            delete(home);
        }
        return code;
    }

    private static Map<String, String> env(Path home, String provider, String baseUrl) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", home.toString());
        env.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        env.put("XDG_STATE_HOME", home.resolve("state").toString());
        env.put("XDG_CACHE_HOME", home.resolve("cache").toString());
        env.put("TETHER_PROVIDER", provider);
        if (provider.equals("anthropic")) {
            env.put("ANTHROPIC_API_KEY", "training-not-a-key");
            env.put("ANTHROPIC_BASE_URL", baseUrl);
        } else {
            env.put("OPENAI_API_KEY", "training-not-a-key");
            env.put("OPENAI_BASE_URL", baseUrl);
        }
        return env;
    }

    private static void session(Agent agent, String provider, Map<String, String> env, Path workspace, String[] mcp,
                                TrainingModel model, PrintStream err) throws IOException {
        Pipe toAgent = Pipe.open();
        Pipe fromAgent = Pipe.open();
        InputStream agentIn = Channels.newInputStream(toAgent.source());
        OutputStream agentOut = Channels.newOutputStream(fromAgent.sink());
        CompletableFuture<Integer> serving = CompletableFuture.supplyAsync(
                () -> agent.serve(agentIn, agentOut, err, env), r -> Thread.ofPlatform().name("training-agent").start(r));
        try (TrainingClient client = new TrainingClient(Channels.newInputStream(fromAgent.source()), Channels.newOutputStream(toAgent.sink()))) {
            ObjectNode init = Json.object().put("protocolVersion", 1);
            init.set("clientCapabilities", Json.parse("{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true},\"terminal\":false}"));
            client.call("initialize", init);
            ObjectNode params = Json.object().put("cwd", workspace.toString());
            params.set("mcpServers", mcp == null ? Json.array()
                    : Json.parse("[{\"name\":\"chaos\",\"command\":" + Json.write(mcp[0]) + ",\"args\":[" + Json.write(mcp[1]) + "],\"env\":[]}]"));
            String session = client.call("session/new", params).path("sessionId").asString();
            expect(provider, "a plain turn", turn(client, session, "Say hello."), "end_turn");
            expect(provider, "a built-in tool call", turn(client, session, "[read] the notes"), "end_turn");
            expectTool(provider, "read_file", client.takeToolStatus());
            if (mcp != null) {
                expect(provider, "an MCP tool call", turn(client, session, "[mcp] echo"), "end_turn");
                expectTool(provider, TrainingModel.MCP_TOOL, client.takeToolStatus());
            }
            model.rearm();
            CompletableFuture<JsonNode> waiting = client.start("session/prompt", prompt(session, "[wait] for the cancel"));
            await(model, provider);
            client.notify("session/cancel", Json.object().put("sessionId", session));
            expect(provider, "a cancelled turn", waiting.join(), "cancelled");
            client.call("session/close", Json.object().put("sessionId", session));
        }
        int code = serving.join();
        if (code != 0) {
            throw new IllegalStateException(provider + ": the agent ended with " + code);
        }
        err.println("training: " + provider + " session done" + (mcp == null ? " (without MCP)" : ""));
    }

    private static JsonNode turn(TrainingClient client, String session, String text) {
        return client.call("session/prompt", prompt(session, text));
    }

    private static ObjectNode prompt(String session, String text) {
        ObjectNode params = Json.object().put("sessionId", session);
        params.set("prompt", Json.array().add(Json.object().put("type", "text").put("text", text)));
        return params;
    }

    private static void expect(String provider, String what, JsonNode result, String stopReason) {
        if (!stopReason.equals(result.path("stopReason").asString())) {
            throw new IllegalStateException(provider + ": " + what + " ended with " + Json.write(result) + ", not " + stopReason);
        }
    }

    private static void expectTool(String provider, String tool, String status) {
        if (!"completed".equals(status)) {
            throw new IllegalStateException(provider + ": the call of " + tool + " ended " + (status.isEmpty() ? "unreported" : status));
        }
    }

    private static void await(TrainingModel model, String provider) {
        try {
            if (!model.waiting().await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException(provider + ": the turn to cancel never reached the model");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // A temporary directory left behind is not worth failing the build for.
        }
    }
}
