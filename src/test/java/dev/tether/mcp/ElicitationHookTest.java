package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.CannedElicitationAnswers;
import dev.tether.mcp.interaction.ElicitationReply;
import dev.tether.mcp.interaction.McpInteraction;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.ScriptedHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Canned answers from TETHER_ELICITATION_ANSWERS answer without the host, and are validated like the user's. */
class ElicitationHookTest {
    private static final String FORM = "{'message':'Please give your NAME','requestedSchema':{'type':'object',"
            + "'properties':{'name':{'type':'string'}}}}";

    @Test
    void cannedAnswersFromTheEnvironmentAnswerWithoutTheHost(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("answers.json");
        Files.writeString(file, """
                {"answers": [
                  {"server": "other", "action": "decline"},
                  {"server": "canned", "message": "your name", "action": "accept", "content": {"name": "Ada"}},
                  {"message": "bad", "action": "accept", "content": {"name": 42}}]}""");
        ScriptedHost host = new ScriptedHost(true, false).answering((r, c) -> ElicitationReply.DECLINE);
        McpRuntimeOptions options = McpTestSupport.options().withHost(host)
                .withHostEnv(Map.of(CannedElicitationAnswers.ENV, file.toString()));
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("canned")), options, McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT, McpInteraction.of(options.host(), options::grantsFor, options.hostEnv()))) {
            runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
            assertEquals(json("{'result':{'action':'accept','content':{'name':'Ada'}}}"),
                    ask(runtime, "canned", "elicitation/create", json(FORM)));
            assertEquals(json("{'result':{'action':'cancel'}}"), ask(runtime, "canned", "elicitation/create",
                    json(FORM.replace("Please give your NAME", "a bad one"))), "canned content that breaks the form");
            assertTrue(host.elicitations.isEmpty());
            assertEquals(json("{'result':{'action':'decline'}}"), ask(runtime, "canned", "elicitation/create",
                    json(FORM.replace("Please give your NAME", "unmatched"))));
            assertEquals(1, host.elicitations.size(), "an unmatched request goes on to the user");
        }
    }
}
