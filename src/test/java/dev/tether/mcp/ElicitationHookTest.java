package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.InteractionSettings;
import dev.tether.mcp.interaction.McpInteraction;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.testing.mcp.CannedElicitationAnswers;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.ScriptedHost;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Canned answers from a hook answer without the host, and are validated like the user's. */
class ElicitationHookTest {
    private static final String FORM = "{'message':'Please give your NAME','requestedSchema':{'type':'object',"
            + "'properties':{'name':{'type':'string'}}}}";

    @Test
    void cannedAnswersFromAHookAnswerWithoutTheHost() throws Exception {
        CannedElicitationAnswers canned = new CannedElicitationAnswers()
                .answer("other", null, "decline", null)
                .answer("canned", "your name", "accept", json("{'name':'Ada'}"))
                .answer(null, "bad", "accept", json("{'name':42}"));
        ScriptedHost host = new ScriptedHost(true, false).answering((r, c) -> ElicitationReply.DECLINE);
        McpRuntimeOptions options = McpTestSupport.options().withHost(host);
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("canned")), options, McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT, new McpInteraction(options.host(), options::grantsFor, InteractionSettings.DEFAULT, canned))) {
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
