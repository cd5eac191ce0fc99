package dev.tether.session;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Permission rules that last, through real ACP in an agent wired as {@code tether acp} is, from its
 * environment alone (config file, managed settings, state directory): "Always allow" outlives the
 * agent process in its project and nowhere else; a project's deny rule blocks at once and its allow
 * rule does nothing until approved; the managed settings' deny beats the user's allow; a command
 * prefix rule covers the command and not a compound command that does more.
 */
class PermissionRulesEndToEndTest {
    @TempDir
    Path dir;

    /** One agent process: the editor answers every tool permission with {@code answer}, recording each. */
    private final class Agent implements AutoCloseable {
        final QueueModel model = new QueueModel();
        final List<JsonNode> asked = new CopyOnWriteArrayList<>();
        final List<JsonNode> ruleQuestions = new CopyOnWriteArrayList<>();
        /** The answer to the question about the project's allow rules; by default no option offered: dismissed. */
        String rulesAnswer = "dismiss";
        final InProcessAgent agent;
        final AcpTestClient client;

        Agent(String answer) {
            agent = WiredAgent.fromEnvironment(dir.resolve("acp-state"), model, env());
            client = agent.client();
            client.onRequest(request -> {
                if (!request.path("method").asString().equals("session/request_permission")) {
                    return AcpTestClient.editor(request);
                }
                String id = request.path("params").path("toolCall").path("toolCallId").asString();
                if (id.startsWith("permission-rules-approval-")) {
                    ruleQuestions.add(request.path("params"));
                    return Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + rulesAnswer + "\"}}");
                }
                asked.add(request.path("params"));
                return Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + answer + "\"}}");
            });
            // Without the editor's terminal: commands run here, so what they did is on disk to check.
            client.request("initialize", AcpTestClient.ZED_INITIALIZE.replace("},\"terminal\":true,", "},"));
        }

        /** Runs {@code command} through run_command in a new session in {@code cwd}; returns what the model read back. */
        String run(Path cwd, String command) {
            String session = client.newSession(cwd.toString(), null);
            model.then(QueueModel.Reply.tools(use("c1", "run_command", Json.object().put("command", command))))
                    .then(QueueModel.Reply.text("done"));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "run it")).path("result").path("stopReason").asString());
            return model.requests().getLast().messages().toString();
        }

        @Override
        public void close() {
            agent.close();
        }
    }

    private Map<String, String> env() {
        return WiredAgent.isolatedEnvironment(dir);
    }

    private void userConfig(String json) throws Exception {
        Path file = dir.resolve("home/config/tether/config.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
    }

    private Path project(String name) throws Exception {
        return Files.createDirectories(dir.resolve(name));
    }

    @Test
    void alwaysAllowHoldsInANewAgentProcessInTheSameProjectAndNotInAnother() throws Exception {
        Path app = project("app");
        Path other = project("other");
        try (Agent first = new Agent("allow_always")) {
            String seen = first.run(app, "touch one");
            assertEquals(1, first.asked.size());
            assertTrue(Files.exists(app.resolve("one")), seen);
            assertTrue(Files.exists(app.resolve("one")));
        }
        try (Agent second = new Agent("reject_once")) {
            second.run(app, "touch one");
            assertEquals(0, second.asked.size(), "the same command in the same project is not asked about again");
            second.run(app, "touch two");
            assertEquals(1, second.asked.size(), "another command is asked about: the answer covered exactly what was allowed");
            assertFalse(Files.exists(app.resolve("two")));
            second.run(other, "touch one");
            assertEquals(2, second.asked.size(), "another project is asked");
            assertFalse(Files.exists(other.resolve("one")));
        }
    }

    @Test
    void aProjectDenyRuleBlocksAtOnceWhateverTheUserAllows() throws Exception {
        userConfig("{\"permissions\": {\"allow\": [\"Bash\"]}}");
        Path app = project("app");
        Files.createDirectories(app.resolve(".tether"));
        Files.writeString(app.resolve(".tether/settings.json"), "{\"permissions\": {\"deny\": [\"run_command(touch:*)\"]}}");
        try (Agent agent = new Agent("allow_once")) {
            String seen = agent.run(app, "touch x");
            assertEquals(0, agent.asked.size());
            assertFalse(Files.exists(app.resolve("x")));
            assertTrue(seen.contains("run_command(touch:*)") && seen.contains("project"), seen);
            agent.run(app, "touch y");
            agent.run(app, "echo ok > z");
            assertTrue(Files.exists(app.resolve("z")), "the user's allow rule still allows what the project does not deny");
            assertEquals(0, agent.asked.size());
        }
    }

    @Test
    void aReadDenyRuleHoldsForSearchesAndListingsThatDoNotNameTheFile() throws Exception {
        Path app = project("app");
        Files.createDirectories(app.resolve(".tether"));
        Files.createDirectories(app.resolve("sub"));
        Files.writeString(app.resolve(".tether/settings.json"), "{\"permissions\": {\"deny\": [\"Read(.env)\", \"Read(sub/*.key)\"]}}");
        Files.writeString(app.resolve(".env"), "API_TOKEN=zz-denied-zz\n");
        Files.writeString(app.resolve("sub/id.key"), "zz-denied-key-zz\n");
        Files.writeString(app.resolve("notes.txt"), "zz-allowed-zz\n");
        try (Agent agent = new Agent("allow_once")) {
            String session = agent.client.newSession(app.toString(), null);
            agent.model.then(QueueModel.Reply.tools(use("s1", "search", Json.object().put("pattern", "zz-")),
                            use("s2", "search", Json.object().put("pattern", "zz").put("glob", ".env")),
                            use("l1", "list_files", Json.object().put("path", ".")),
                            use("l2", "list_files", Json.object().put("path", ".").put("pattern", "**/*"))))
                    .then(QueueModel.Reply.text("done"));
            assertEquals("end_turn", AcpTestClient.await(agent.client.prompt(session, "look")).path("result").path("stopReason").asString());
            // The tool results the model read (its own calls name .env as a glob).
            String seen = agent.model.requests().getLast().messages().getLast().toString();
            assertTrue(seen.contains("zz-allowed-zz"), "the search ran and found what may be read: " + seen);
            assertTrue(seen.contains("notes.txt"), "the listings ran: " + seen);
            assertFalse(seen.contains("zz-denied"), "no denied file's contents: " + seen);
            assertFalse(seen.contains(".env") || seen.contains("id.key"), "nor a denied file's name: " + seen);
            String shown = agent.client.updates(session).toString();
            assertFalse(shown.contains("zz-denied"), "the editor is not shown them either");
        }
    }

    @Test
    void aProjectAllowRuleDoesNothingUntilApproved() throws Exception {
        Path app = project("app");
        Files.createDirectories(app.resolve(".tether"));
        Files.writeString(app.resolve(".tether/settings.json"), "{\"permissions\": {\"allow\": [\"run_command(touch:*)\"]}}");
        try (Agent agent = new Agent("reject_once")) {
            agent.run(app, "touch x");
            assertEquals(1, agent.asked.size(), "an unapproved project allow rule does not allow");
            assertEquals(1, agent.ruleQuestions.size(), "asked about, and dismissed");
            assertFalse(Files.exists(app.resolve("x")));
        }
        dev.tether.tools.permission.RuleBook.Pending pending = dev.tether.cli.AttackWiring.rules(env()).open(app).pending();
        assertEquals(List.of("run_command(touch:*)"), pending.rules());
        pending.answer(true);
        try (Agent agent = new Agent("reject_once")) {
            agent.run(app, "touch x");
            assertEquals(0, agent.asked.size(), "approved, it allows");
            assertTrue(Files.exists(app.resolve("x")));
        }
        Files.writeString(app.resolve(".tether/settings.json"), "{\"permissions\": {\"allow\": [\"run_command(touch:*)\", \"run_command\"]}}");
        try (Agent agent = new Agent("reject_once")) {
            agent.run(app, "touch y");
            assertEquals(1, agent.asked.size(), "a changed list is asked about again");
            assertFalse(Files.exists(app.resolve("y")));
        }
    }

    @Test
    void aManagedDenyBeatsAUserAllow() throws Exception {
        userConfig("{\"permissions\": {\"allow\": [\"run_command(touch:*)\"]}}");
        Files.writeString(dir.resolve("managed.json"), "{\"permissions\": {\"deny\": [\"Bash(touch secret:*)\"]}}");
        Path app = project("app");
        try (Agent agent = new Agent("allow_once")) {
            agent.run(app, "touch fine");
            String seen = agent.run(app, "touch secret");
            assertEquals(0, agent.asked.size());
            assertTrue(Files.exists(app.resolve("fine")));
            assertFalse(Files.exists(app.resolve("secret")));
            assertTrue(seen.contains("managed"), seen);
        }
    }

    @Test
    void aCommandPrefixRuleCoversTheCommandAndNotACompoundOneThatDoesMore() throws Exception {
        userConfig("{\"permissions\": {\"allow\": [\"run_command(git status:*)\"]}}");
        Path app = project("app");
        Files.writeString(app.resolve("x"), "keep");
        try (Agent agent = new Agent("reject_once")) {
            agent.run(app, "git status -s");
            assertEquals(0, agent.asked.size(), "git status -s runs without asking");
            agent.run(app, "git status; rm -rf x");
            assertEquals(1, agent.asked.size(), "the compound command is asked about");
            assertTrue(Files.exists(app.resolve("x")));
        }
    }

    @Test
    void anAllowRuleDoesNotCoverACommandHiddenInAParameterExpansion() throws Exception {
        userConfig("{\"permissions\": {\"allow\": [\"run_command(git status:*)\"]}}");
        Path app = project("app");
        try (Agent agent = new Agent("reject_once")) {
            agent.run(app, "git status --short ${GIT_OPTS:-$(touch pwned1)}");
            assertEquals(1, agent.asked.size(), "the command inside ${…} is asked about");
            agent.run(app, "git status ${x:=`touch pwned2`}");
            assertEquals(2, agent.asked.size(), "so is one in backticks inside ${…}");
            assertFalse(Files.exists(app.resolve("pwned1")));
            assertFalse(Files.exists(app.resolve("pwned2")));
        }
    }

    @Test
    void aDenyRuleStopsTheCommandBehindKeywordsAssignmentsWrappersAPathAndShC() throws Exception {
        userConfig("{\"permissions\": {\"allow\": [\"Bash\"], \"deny\": [\"run_command(rm:*)\"]}}");
        Path app = project("app");
        Files.writeString(app.resolve("victim"), "keep");
        try (Agent agent = new Agent("allow_once")) {
            for (String command : List.of("{ rm -f victim; }", "if true; then rm -f victim; fi", "x=1 rm -f victim",
                    "nice rm -f victim", "/bin/rm -f victim", "sh -c \"rm -f victim\"", "echo ${x:-$(rm -f victim)}")) {
                String seen = agent.run(app, command);
                assertTrue(Files.exists(app.resolve("victim")), command + " deleted the file: " + seen);
                assertTrue(seen.contains("run_command(rm:*)"), seen);
            }
            assertEquals(0, agent.asked.size());
            agent.run(app, "{ touch other; }");
            assertTrue(Files.exists(app.resolve("other")), "what the deny rule does not name still runs");
        }
    }

    /** The model calls the chaos server's echo in a new session in {@code cwd} with the editor's {@code servers}. */
    private static String echo(Agent agent, Path cwd, tools.jackson.databind.node.ArrayNode servers) {
        String session = agent.client.newSession(cwd.toString(), servers);
        agent.model.then(QueueModel.Reply.tools(use("e1", "mcp__chaos__echo", Json.object().put("text", "hi"))))
                .then(QueueModel.Reply.text("done"));
        assertEquals("end_turn", AcpTestClient.await(agent.client.prompt(session, "echo")).path("result").path("stopReason").asString());
        return agent.model.requests().getLast().messages().toString();
    }

    @Test
    void aRuleNamingAnMcpServerReachesTheUsersServerAndNotAnotherOfTheSameName() throws Exception {
        dev.tether.mcp.api.McpServerSpec.Stdio chaos = dev.tether.testing.mcp.McpTestSupport.chaos("chaos");
        tools.jackson.databind.node.ObjectNode entry = Json.object().put("command", chaos.command());
        chaos.args().forEach(entry.putArray("args")::add);
        tools.jackson.databind.node.ObjectNode config = Json.object();
        config.putObject("mcpServers").set("chaos", entry);
        config.putObject("permissions").putArray("allow").add("mcp__chaos__*");
        userConfig(config.toString());
        Path app = project("app");
        try (Agent agent = new Agent("reject_once")) {
            String seen = echo(agent, app, null);
            assertEquals(0, agent.asked.size(), "the user's own server takes the user's rule");
            assertTrue(seen.contains("ToolResult[toolUseId=e1") && !seen.contains("isError=true"), "the call ran: " + seen);
        }
        config.remove("mcpServers");
        userConfig(config.toString());
        try (Agent agent = new Agent("reject_once")) {
            String seen = echo(agent, app, Json.array().add(WiredAgent.chaos("chaos")));
            assertEquals(1, agent.asked.size(), "the editor's server that took the name inherits nothing");
            assertTrue(seen.contains("The user rejected this tool call."), seen);
        }
    }

    @Test
    void theProjectsAllowRulesAreAskedAboutInTheEditorOnceAndTheAnswerLasts() throws Exception {
        Path app = project("app");
        Files.createDirectories(app.resolve(".tether"));
        Files.writeString(app.resolve(".tether/settings.json"), "{\"permissions\": {\"allow\": [\"run_command(touch:*)\"]}}");
        try (Agent agent = new Agent("reject_once")) {
            agent.rulesAnswer = "reject_project";
            agent.run(app, "touch x");
            assertEquals(1, agent.ruleQuestions.size());
            String text = agent.ruleQuestions.getFirst().path("toolCall").path("content").toString();
            assertTrue(text.contains("run_command(touch:*)") && text.contains(".tether/settings.json"), text);
            assertEquals(1, agent.asked.size(), "rejected: the rule does nothing, the command is asked about");
            assertFalse(Files.exists(app.resolve("x")));
        }
        try (Agent agent = new Agent("reject_once")) {
            agent.run(app, "touch x");
            assertEquals(0, agent.ruleQuestions.size(), "the rejection was remembered");
        }
        Files.writeString(app.resolve(".tether/settings.json"), "{\"permissions\": {\"allow\": [\"run_command(touch:*)\", \"Read\"]}}");
        try (Agent agent = new Agent("reject_once")) {
            agent.rulesAnswer = "allow_project";
            agent.run(app, "touch y");
            agent.run(app, "touch z");
            assertEquals(1, agent.ruleQuestions.size(), "a changed list is asked about again, once per session");
            assertEquals(0, agent.asked.size(), "allowed for the project: the rule allows");
            assertTrue(Files.exists(app.resolve("y")) && Files.exists(app.resolve("z")));
        }
    }
}
