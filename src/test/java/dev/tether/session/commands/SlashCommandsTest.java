package dev.tether.session.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.session.servers.McpLauncher;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Command lines become prompt arguments, and bad ones are refused before any request. */
class SlashCommandsTest {
    private static final McpLauncher.PromptCommand WEATHER = new McpLauncher.PromptCommand("everything", "args-prompt", "Weather",
            List.of(new McpLauncher.PromptCommand.Argument("city", "City", true),
                    new McpLauncher.PromptCommand.Argument("state", "State", false)));

    @Test
    void parsesTheCommandAtTheStartOfThePrompt() {
        assertEquals(Optional.of(new SlashCommands.Invocation("everything:args-prompt", "Paris")),
                SlashCommands.parse("/everything:args-prompt Paris"));
        assertEquals(Optional.of(new SlashCommands.Invocation("mcp", "")), SlashCommands.parse("/mcp"));
        assertEquals(Optional.empty(), SlashCommands.parse("hello /mcp"));
        assertEquals(Optional.empty(), SlashCommands.parse("/"));
    }

    @Test
    void bindsPositionalNamedAndQuotedArguments() {
        assertEquals(Map.of("city", "Paris"), SlashCommands.bind(WEATHER, "Paris").values());
        assertEquals(Map.of("city", "New York", "state", "NY"), SlashCommands.bind(WEATHER, "\"New York\" NY").values());
        assertEquals(Map.of("city", "Lyon", "state", "Rhône"), SlashCommands.bind(WEATHER, "state=Rhône city=Lyon").values());
        assertEquals(Map.of("city", "San Jose", "state", "CA"), SlashCommands.bind(WEATHER, "state=CA 'San Jose'").values());
    }

    @Test
    void refusesUnknownMissingAndForbiddenArguments() {
        assertTrue(SlashCommands.bind(WEATHER, "").error().contains("missing required argument \"city\""));
        assertTrue(SlashCommands.bind(WEATHER, "country=FR city=Paris").error().contains("unknown argument \"country\""));
        assertTrue(SlashCommands.bind(WEATHER, "__proto__=x city=Paris").error().contains("\"__proto__\" is not allowed"));
        assertTrue(SlashCommands.bind(WEATHER, "constructor=x").error().contains("not allowed"));
        assertTrue(SlashCommands.bind(WEATHER, "a b c").error().contains("too many arguments"));
        assertNull(SlashCommands.bind(WEATHER, "Paris").error());
    }

    @Test
    void offersMcpAndEveryPromptWithAnArgumentHint() {
        var commands = SlashCommands.available(List.of(WEATHER), List.of(), false);
        assertEquals("mcp", commands.get(0).name());
        assertEquals("everything:args-prompt", commands.get(1).name());
        assertEquals("<city> [state]", commands.get(1).inputHint());
        assertTrue(commands.get(1).description().contains("everything"));
    }

    @Test
    void offersStatusOnlyWhereThereIsAStatusPage() {
        assertEquals(List.of("mcp", "everything:args-prompt", "compact", "context", "sandbox"),
                SlashCommands.available(List.of(WEATHER), List.of(), false).stream().map(c -> c.name()).toList());
        assertEquals(List.of("mcp", "status", "everything:args-prompt", "compact", "context", "sandbox"),
                SlashCommands.available(List.of(WEATHER), List.of(), true).stream().map(c -> c.name()).toList());
    }
}
