package dev.tether.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * What every fault case asserts after its fault, in one place:
 * <ol>
 * <li>the prompt that met the fault ended with the stop reason a user expects;</li>
 * <li>a readable message reached the user: it names the server and what happened, and holds no
 *     stack trace and nothing shaped like a secret;</li>
 * <li>Tether is alive: the same session still completes a prompt;</li>
 * <li>no orphan process: after {@code session/close} no process carrying the session's tag runs;</li>
 * <li>no lost transcript line: {@code session/load} in a fresh agent on the same state directory
 *     replays every prompt the user sent and exactly the agent messages the user saw.</li>
 * </ol>
 */
final class FaultChecks {
    private static final Duration PROCESS_EXIT = Duration.ofSeconds(10);
    private static final Pattern STACK_TRACE = Pattern.compile("\\n\\s+at [\\w.$]+\\(|Exception:|^java\\.|\\bCaused by\\b",
            Pattern.MULTILINE);
    private static final Pattern SECRET = Pattern.compile("sk-[A-Za-z0-9]{16,}|ghp_[A-Za-z0-9]{20,}");

    private FaultChecks() {}

    /** The whole check: see the class comment. {@code what} is a regex the message must match (case-insensitive). */
    static void afterFault(FaultSession s, String stopReason, String expectedStop, String shown, String server, String what) {
        assertEquals(expectedStop, stopReason, "the prompt's stop reason");
        assertReadable(shown, server, what);
        assertStillWorks(s);
        assertNoOrphans(s);
        assertTranscriptKept(s);
    }

    /** The message names the server, says what happened, and shows no stack trace or secret. */
    static void assertReadable(String shown, String server, String what) {
        assertNotNull(shown, "a message reached the user");
        assertFalse(shown.isBlank(), "a message reached the user");
        assertTrue(shown.contains(server), "the message names the server `" + server + "`: " + shown);
        assertTrue(Pattern.compile(what, Pattern.CASE_INSENSITIVE).matcher(shown).find(),
                "the message says what happened (/" + what + "/): " + shown);
        assertFalse(STACK_TRACE.matcher(shown).find(), "no stack trace in: " + shown);
        assertFalse(SECRET.matcher(shown).find(), "no secret in: " + shown);
        assertTrue(shown.length() < 8_000, "a bounded message, not " + shown.length() + " characters");
    }

    /**
     * The whole check for a fault that ended the session itself ({@code session/close} during a
     * call): the servers are gone, a new session completes a prompt, and the closed session's
     * transcript replays.
     */
    static void afterClosedSession(FaultSession s, String stopReason, String expectedStop, String shown, String server, String what) {
        assertEquals(expectedStop, stopReason, "the prompt's stop reason");
        assertReadable(shown, server, what);
        Waits.eventually(PROCESS_EXIT, () -> s.serverPids().isEmpty(), "the session's MCP server processes to end after session/close");
        s.model.then(QueueModel.Reply.text("still here"));
        String fresh = s.client.newSession(FaultSession.workspace(s.state).toString(), null);
        assertEquals("end_turn", AcpTestClient.await(s.client.prompt(fresh, "a new session")).path("result").path("stopReason").asString(),
                "a new session still completes a prompt");
        assertEquals("still here", s.client.updates(fresh, "agent_message_chunk").getLast().path("content").path("text").asString());
        assertEquals(List.of(), s.client.violations(), "every frame Tether wrote matched the ACP schema");
        assertTranscriptKept(s);
    }

    /** The same session completes a plain prompt with the model's answer. */
    static void assertStillWorks(FaultSession s) {
        s.model.then(QueueModel.Reply.text("still here"));
        assertEquals("end_turn", s.prompt("are you still there?"), "the session still completes a prompt");
        List<JsonNode> chunks = s.client.updates(s.session, "agent_message_chunk");
        assertEquals("still here", chunks.getLast().path("content").path("text").asString());
        assertEquals(List.of(), s.client.violations(), "every frame Tether wrote matched the ACP schema");
    }

    /** After {@code session/close} none of the session's server processes runs. */
    static void assertNoOrphans(FaultSession s) {
        s.closeSession();
        Waits.eventually(PROCESS_EXIT, () -> s.serverPids().isEmpty(), "the session's MCP server processes to end after session/close");
    }

    /** A fresh agent on the same state directory replays every prompt and the agent's messages as the user saw them. */
    static void assertTranscriptKept(FaultSession s) {
        String live = s.agentText();
        try (InProcessAgent reloaded = new InProcessAgent(s.state, new QueueModel(), InProcessAgent.NO_MCP)) {
            AcpTestClient client = reloaded.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", s.session)
                    .put("cwd", FaultSession.workspace(s.state).toString()).set("mcpServers", Json.array()));
            List<String> users = new ArrayList<>();
            client.updates(s.session, "user_message_chunk").forEach(u -> users.add(u.path("content").path("text").asString()));
            for (String prompt : s.promptsSent) {
                assertTrue(users.stream().anyMatch(u -> u.contains(prompt)), "the prompt \"" + prompt + "\" is replayed: " + users);
            }
            StringBuilder replayed = new StringBuilder();
            client.updates(s.session, "agent_message_chunk").forEach(u -> replayed.append(u.path("content").path("text").asString()));
            assertEquals(live, replayed.toString(), "the replay shows every agent message the user saw");
            assertEquals(List.of(), client.violations(), "the replay matched the ACP schema");
        }
    }

    /** The text of a tool call that failed, as the user saw it. */
    static String failedCall(FaultSession s, String toolCallId) {
        FaultSession.ToolCallSeen call = s.toolCall(toolCallId);
        assertEquals("failed", call.status(), "the tool call " + toolCallId + " failed: " + call);
        return call.text();
    }

    /** The text of a tool call that completed, as the user saw it. */
    static String completedCall(FaultSession s, String toolCallId) {
        FaultSession.ToolCallSeen call = s.toolCall(toolCallId);
        assertEquals("completed", call.status(), "the tool call " + toolCallId + " completed: " + call);
        return call.shown();
    }
}
