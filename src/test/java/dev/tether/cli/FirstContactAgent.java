package dev.tether.cli;

import dev.tether.json.Json;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * A user's machine for first-contact tests: a home, config and state below one directory, and
 * Tether run as its command line runs it ({@link Main#run}), either as a one-shot command or as
 * {@code tether acp} spoken to over ACP frames by an editor that shows notices.
 */
final class FirstContactAgent {
    final Path dir;
    final Map<String, String> env = new HashMap<>();

    FirstContactAgent(Path dir) throws IOException {
        this.dir = dir;
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", dir.resolve("home").toString());
        env.put("XDG_CONFIG_HOME", dir.resolve("home/config").toString());
        env.put("XDG_STATE_HOME", dir.resolve("home/state").toString());
        env.put("TETHER_MANAGED_SETTINGS", dir.resolve("managed.json").toString());
        Files.createDirectories(workspace());
    }

    Path workspace() {
        return dir.resolve("ws");
    }

    Path configFile() {
        return dir.resolve("home/config/tether/config.json");
    }

    /** Writes the user's config file. */
    FirstContactAgent config(String text) throws IOException {
        Files.createDirectories(configFile().getParent());
        Files.writeString(configFile(), text);
        return this;
    }

    FirstContactAgent env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /** What a one-shot command printed and returned. */
    record Ran(int exit, String out, String err) {
        String both() {
            return out + err;
        }
    }

    Ran run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new ByteArrayInputStream(new byte[0]), out, new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new Ran(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** {@code tether doctor ARGS} run in {@code workingDir} (the others run in this process's directory). */
    Ran doctorIn(Path workingDir, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = DoctorCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env, workingDir);
        return new Ran(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** {@code tether acp} with {@code args}, connected. */
    Session acp(String... args) throws IOException {
        String[] all = new String[args.length + 1];
        all[0] = "acp";
        System.arraycopy(args, 0, all, 1, args.length);
        return new Session(all);
    }

    /** One running agent: every frame it wrote is kept, and its stderr. */
    final class Session implements AutoCloseable {
        private final PipedOutputStream toAgent = new PipedOutputStream();
        private final BufferedReader frames;
        private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        private final CompletableFuture<Integer> exit;
        final List<JsonNode> seen = new ArrayList<>();
        private int nextId = 1;

        private Session(String[] args) throws IOException {
            PipedInputStream agentIn = new PipedInputStream(toAgent, 1 << 16);
            PipedInputStream fromAgent = new PipedInputStream(1 << 16);
            OutputStream agentOut = new PipedOutputStream(fromAgent);
            PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
            exit = CompletableFuture.supplyAsync(() -> {
                try {
                    return Main.run(args, agentIn, agentOut, err, env);
                } finally {
                    try {
                        agentOut.close();
                    } catch (IOException ignored) {
                        // the reader sees the end either way
                    }
                }
            });
            frames = new BufferedReader(new InputStreamReader(fromAgent, StandardCharsets.UTF_8));
        }

        /** {@code initialize} as an editor that shows notices. */
        JsonNode initialize() throws Exception {
            return call("initialize", "{\"protocolVersion\":1,\"clientCapabilities\":{\"session\":{\"notices\":{}}}}");
        }

        /** {@code session/new} in the workspace. */
        JsonNode newSession() throws Exception {
            return call("session/new", "{\"cwd\":" + Json.tree(workspace().toString()) + ",\"mcpServers\":[]}");
        }

        /** A prompt of one text block; the answer. */
        JsonNode prompt(String sessionId, String text) throws Exception {
            return call("session/prompt", "{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":"
                    + Json.tree(text) + "}]}");
        }

        /** Sends a request and returns its answer; permission requests on the way are answered {@code cancelled}. */
        JsonNode call(String method, String params) throws Exception {
            int id = nextId++;
            send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
            return CompletableFuture.supplyAsync(() -> {
                try {
                    for (String line = frames.readLine(); line != null; line = frames.readLine()) {
                        JsonNode frame = Json.parse(line);
                        synchronized (seen) {
                            seen.add(frame);
                        }
                        if (frame.has("method") && frame.has("id")) {
                            answerAgentRequest(frame);
                        } else if (frame.path("id").asInt(-1) == id && !frame.has("method")) {
                            return frame;
                        }
                    }
                    throw new AssertionError("the agent closed stdout; stderr: " + stderr());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).get(60, TimeUnit.SECONDS);
        }

        private void answerAgentRequest(JsonNode request) throws IOException {
            String result = "session/request_permission".equals(request.path("method").asString())
                    ? "{\"outcome\":{\"outcome\":\"cancelled\"}}" : null;
            send(result == null
                    ? "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}"
                    : "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":" + result + "}");
        }

        private void send(String frame) throws IOException {
            toAgent.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
            toAgent.flush();
        }

        /** Every {@code session/update} of kind {@code kind} so far, as its text (notices: title and description). */
        List<String> updates(String kind) {
            List<String> texts = new ArrayList<>();
            synchronized (seen) {
                for (JsonNode frame : seen) {
                    JsonNode update = frame.path("params").path("update");
                    if ("session/update".equals(frame.path("method").asString()) && kind.equals(update.path("sessionUpdate").asString())) {
                        texts.add(update.has("content") ? update.path("content").path("text").asString()
                                : update.path("title").asString() + ": " + update.path("description").asString());
                    }
                }
            }
            return texts;
        }

        String stderr() {
            return stderr.toString(StandardCharsets.UTF_8);
        }

        /** Closes stdin and returns the exit code. */
        int exit() throws Exception {
            toAgent.close();
            // Drain what is left so the agent never blocks on a full pipe.
            for (String line = frames.readLine(); line != null; line = frames.readLine()) {
                synchronized (seen) {
                    seen.add(Json.parse(line));
                }
            }
            return exit.get(60, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws Exception {
            if (!exit.isDone()) {
                exit();
            }
        }
    }
}
