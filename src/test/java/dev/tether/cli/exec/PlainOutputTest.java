package dev.tether.cli.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PlainOutputTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PlainOutput output = new PlainOutput(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void progressIsOneShortLineEachWithoutControlCharactersAndTheAnswerAloneOnStdout() {
        output.update(Json.parse("{\"sessionId\":\"s\",\"update\":{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\","
                + "\"title\":\"Call \\u001b[31mred\\u001b[0m tool\",\"status\":\"pending\"}}"));
        output.update(Json.parse("{\"sessionId\":\"s\",\"update\":{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c1\","
                + "\"status\":\"completed\",\"content\":[{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"line one\\nline two "
                + "x".repeat(200) + "\"}}]}}"));
        output.permission("s", "c2", "Write a.txt", "denied", "flag");
        output.permission("s", "c3", "Read b.txt", "allowed", "mode");
        output.result(new ExecOutput.Result("s", "end_turn", "The answer.", Json.object(), 5));

        String[] lines = err.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals("› Call [31mred[0m tool", lines[0], "no ESC reaches the terminal");
        assertEquals(PlainOutput.RESULT_CHARS, lines[1].length() - "  ✓ Call [31mred[0m tool: ".length());
        assertEquals("  denied (flag): Write a.txt", lines[2]);
        assertEquals(3, lines.length, "an allowed call shows as its result only");
        assertEquals("The answer.\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aPromptTheAgentAnsweredWithAnErrorPutsNothingOnStdout() {
        PlainOutput plain = new PlainOutput(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        plain.result(new ExecOutput.Result("s", "error", "invalid x-api-key", Json.object(), 1));
        assertEquals("", out.toString(StandardCharsets.UTF_8), "stdout is for the answer; exec says the error on stderr");
        assertEquals("", err.toString(StandardCharsets.UTF_8), "said once, by exec, not again as a stop reason");
    }

    @Test
    void theSpinnerTurnsOnlyWhenAskedAndIsErasedBeforeEachLineAndAtTheEnd() {
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        PlainOutput quiet = new PlainOutput(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        quiet.result(new ExecOutput.Result("s", "end_turn", "x", Json.object(), 1));
        assertEquals("", err.toString(StandardCharsets.UTF_8), "no spinner unless stderr is a terminal");

        PlainOutput spinning = new PlainOutput(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(terminal, true, StandardCharsets.UTF_8), false);
        assertEquals(true, spinning.turn());
        spinning.permission("s", "c1", "Write a.txt", "denied", "mode");
        assertEquals(true, spinning.turn());
        spinning.stop();
        assertEquals(false, spinning.turn(), "it stops with the run");
        assertEquals("\r| working\r" + PlainOutput.CLEAR + "  denied (mode): Write a.txt — nobody can be asked here; allow it with --allow RULE or --mode\n"
                + "\r/ working\r" + PlainOutput.CLEAR, terminal.toString(StandardCharsets.UTF_8));
    }
}
