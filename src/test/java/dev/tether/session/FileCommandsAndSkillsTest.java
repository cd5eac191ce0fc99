package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.context.InstructionSettings;
import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Commands and skills kept as files, as a user in the editor meets them through ACP: the project's
 * and the user's command files in {@code available_commands_update}, one expanding into the user's
 * message; the skills named in the model's {@code skill} tool, and a skill's text reaching the model
 * only after the model called that tool.
 */
class FileCommandsAndSkillsTest {
    private static final String SKILL_BODY = "Run the release checklist: tag, build, publish. MARKER-7f3a";

    @TempDir
    Path dir;

    private Path project;
    private Path user;

    private void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private void layout() throws IOException {
        project = dir.resolve("project");
        user = dir.resolve("config");
        Files.createDirectories(project.resolve(".git"));
        write(project.resolve(".tether/commands/review.md"), """
                ---
                description: Review a file for bugs
                argument-hint: <file> [focus]
                ---
                Review $1 carefully, focusing on $2. Everything typed: $ARGUMENTS
                """);
        // Claude Code's folder is read too; .tether wins a name both define.
        write(project.resolve(".claude/commands/review.md"), "Claude's review, which loses.\n");
        write(project.resolve(".claude/commands/frontend/lint.md"), "Lint the frontend.\n");
        // A built-in's name: the built-in wins, the file is named in a warning.
        write(project.resolve(".tether/commands/mcp.md"), "Take over /mcp.\n");
        write(user.resolve("commands/standup.md"), "---\ndescription: Write my standup notes\n---\nSummarise what changed today.\n");
        write(project.resolve(".tether/skills/release/SKILL.md"), """
                ---
                name: release
                description: Cut a release of this project
                ---
                """ + SKILL_BODY + "\n");
        write(project.resolve(".tether/skills/release/checklist.md"), "1. tag\n2. build\n");
    }

    private InProcessAgent agent(QueueModel model) {
        return new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP, ToolFilter.ALLOW_ALL,
                services -> services.withInstructions(new InstructionSettings(InstructionSettings.DEFAULT_NAMES, user, InstructionSettings.DEFAULT_BUDGET)));
    }

    private static List<String> names(JsonNode update) {
        List<String> out = new java.util.ArrayList<>();
        update.path("availableCommands").forEach(c -> out.add(c.path("name").asString()));
        return out;
    }

    /** The text of a message, tool results included. */
    static String text(ModelMessage message) {
        return message.parts().stream().map(p -> switch (p) {
            case Part.Text t -> t.text();
            case Part.ToolResult r -> r.content().stream().map(c -> c instanceof Part.Text t ? t.text() : "").collect(Collectors.joining());
            default -> "";
        }).collect(Collectors.joining("\n"));
    }

    private static String everything(ModelRequest request) {
        return request.system() + "\n" + request.messages().stream().map(FileCommandsAndSkillsTest::text).collect(Collectors.joining("\n"))
                + "\n" + request.tools().stream().map(ToolDefinition::description).collect(Collectors.joining("\n"));
    }

    @Test
    void commandFilesArePublishedAndExpandIntoTheUsersMessage() throws IOException {
        layout();
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("Looks fine."));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(project.toString(), null);
            Waits.eventually(Duration.ofSeconds(10), () -> client.updates(session, "available_commands_update").stream()
                    .anyMatch(u -> names(u).contains("review")), "the command files published");
            JsonNode last = client.updates(session, "available_commands_update").getLast();
            List<String> names = names(last);
            assertTrue(names.containsAll(List.of("mcp", "review", "lint", "standup", "compact")), names.toString());
            assertEquals(1, names.stream().filter("mcp"::equals).count(), "the built-in /mcp stays the only one: " + names);
            JsonNode review = java.util.stream.StreamSupport.stream(last.path("availableCommands").spliterator(), false)
                    .filter(c -> c.path("name").asString().equals("review")).findFirst().orElseThrow();
            assertEquals("Review a file for bugs (project)", review.path("description").asString());
            assertEquals("<file> [focus]", review.path("input").path("hint").asString());

            JsonNode answer = AcpTestClient.await(client.prompt(session, "/review src/Main.java \"null checks\""));
            assertEquals("end_turn", answer.path("result").path("stopReason").asString());
            ModelMessage first = model.requests().getFirst().messages().getFirst();
            assertEquals(ModelMessage.Role.USER, first.role());
            assertEquals("Review src/Main.java carefully, focusing on null checks. Everything typed: src/Main.java \"null checks\"",
                    text(first).strip());
            // The warning names the file that lost to the built-in.
            String shown = client.updates(session).toString();
            assertTrue(shown.contains(project.resolve(".tether/commands/mcp.md").toString()) && shown.contains("built-in"), shown);
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void theFirstCommandListAfterNewAndTheOneLoadReplaysHoldTheCommandFiles() throws IOException {
        layout();
        String session;
        try (InProcessAgent agent = agent(new QueueModel().then(QueueModel.Reply.text("hi")))) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(project.toString(), null);
            Waits.eventually(Duration.ofSeconds(10), () -> !client.updates(session, "available_commands_update").isEmpty(), "a command list");
            List<String> first = names(client.updates(session, "available_commands_update").getFirst());
            assertTrue(first.containsAll(List.of("review", "lint", "standup")), "the first list already has the files: " + first);
            AcpTestClient.await(client.prompt(session, "hello"));
        }
        try (InProcessAgent agent = agent(new QueueModel().then(QueueModel.Reply.text("again")))) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", project.toString())
                    .set("mcpServers", Json.array()));
            // What arrived before the answer is the replay: its command list is the whole one.
            List<JsonNode> replayed = client.updates(session, "available_commands_update");
            assertEquals(1, replayed.size(), replayed.toString());
            assertTrue(names(replayed.getFirst()).containsAll(List.of("review", "lint", "standup")), replayed.toString());
            AcpTestClient.await(client.prompt(session, "more"));
            assertEquals(1, client.updates(session, "available_commands_update").size(),
                    "nothing follows the answer while the commands stay the same");
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aCommandFileWrittenDuringTheSessionIsOfferedAtTheNextPrompt() throws IOException {
        layout();
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("Hello.")).then(QueueModel.Reply.text("Notes written."));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(session, "Hi"));
            assertFalse(client.updates(session, "available_commands_update").stream().anyMatch(u -> names(u).contains("notes")));

            write(project.resolve(".tether/commands/notes.md"), "---\ndescription: Release notes\n---\nWrite release notes for $ARGUMENTS.\n");
            AcpTestClient.await(client.prompt(session, "/notes v2.1"));
            assertEquals("Write release notes for v2.1.", text(model.requests().get(1).messages().getLast()).strip());
            assertTrue(names(client.updates(session, "available_commands_update").getLast()).contains("notes"));
        }
    }

    @Test
    void aSkillIsListedInTheSkillToolAndItsTextReachesTheModelOnlyWhenLoaded() throws IOException {
        layout();
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(QueueModel.use("call-1", "skill", Json.parse("{\"name\":\"release\"}"))))
                .then(QueueModel.Reply.tools(QueueModel.use("call-2", "skill", Json.parse("{\"name\":\"release\",\"file\":\"checklist.md\"}"))))
                .then(QueueModel.Reply.text("Released."));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(project.toString(), null);
            JsonNode answer = AcpTestClient.await(client.prompt(session, "Cut a release, please."));
            assertEquals("end_turn", answer.path("result").path("stopReason").asString());

            List<ModelRequest> requests = model.requests();
            assertEquals(3, requests.size());
            ToolDefinition skill = requests.getFirst().tools().stream().filter(t -> t.name().equals("skill")).findFirst().orElseThrow();
            assertTrue(skill.description().contains("- release: Cut a release of this project (project)"), skill.description());
            assertFalse(everything(requests.getFirst()).contains("MARKER-7f3a"), "the skill's text was sent before it was loaded");

            String loaded = text(requests.get(1).messages().getLast());
            assertTrue(loaded.contains(SKILL_BODY), loaded);
            assertTrue(loaded.contains("checklist.md"), "the files beside SKILL.md are listed: " + loaded);
            assertFalse(loaded.contains("1. tag"), "a file beside SKILL.md is read only when asked for");
            assertTrue(text(requests.get(2).messages().getLast()).contains("1. tag\n2. build"));
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aSkillFileOutsideTheSkillIsRefused() throws IOException {
        layout();
        write(project.resolve("secret.txt"), "not for skills");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(QueueModel.use("call-1", "skill", Json.parse("{\"name\":\"release\",\"file\":\"../../../secret.txt\"}"))))
                .then(QueueModel.Reply.text("Done."));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(session, "Read it."));
            String result = text(model.requests().get(1).messages().getLast());
            assertFalse(result.contains("not for skills"), result);
            assertTrue(result.contains("is not a file of skill release"), result);
        }
    }
}
