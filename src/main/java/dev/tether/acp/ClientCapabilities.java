package dev.tether.acp;

import dev.tether.json.PlainJson;
import dev.tether.json.Trees;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What the editor said it can do in {@code initialize}. Built from the raw JSON so that
 * unknown or missing fields never fail a session.
 *
 * @param notices      {@code session.notices} is an object: the editor shows {@code notice} updates
 * @param compaction   {@code session.compaction} is an object: the editor shows
 *                     {@code compaction_update} and {@code compaction_summary_chunk} updates
 * @param terminalAuth {@code auth.terminal}: the editor can run the agent's {@code terminal} auth method
 * @param plan         {@code plan} is an object: the editor takes {@code plan_update} and {@code plan_removed}
 * @param subagents    {@code subagents} is an object: the editor shows subagents as child sessions
 *                     ({@code subagent_update}, {@code session_message}, {@code session} tool call content)
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization#client-capabilities">ACP client capabilities</a>
 */
public record ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal,
                                 boolean elicitationForm, boolean elicitationUrl, boolean notices, boolean compaction,
                                 boolean terminalAuth, boolean plan, boolean subagents) {
    public static final ClientCapabilities NONE = new ClientCapabilities(false, false, false, false, false, false, false, false);

    /** Without {@code plan} and {@code subagents}. */
    public ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal, boolean elicitationForm,
                              boolean elicitationUrl, boolean notices, boolean compaction, boolean terminalAuth) {
        this(readTextFile, writeTextFile, terminal, elicitationForm, elicitationUrl, notices, compaction, terminalAuth, false, false);
    }

    /** Without {@code session.notices} and {@code session.compaction}. */
    public ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal, boolean elicitationForm,
                              boolean elicitationUrl) {
        this(readTextFile, writeTextFile, terminal, elicitationForm, elicitationUrl, false, false, false);
    }

    public static ClientCapabilities from(JsonNode caps) {
        return caps == null ? NONE : fromPlain(Trees.toPlain(caps));
    }

    /**
     * From the {@code clientCapabilities} value read as {@link PlainJson}. A flag reads as Jackson's
     * {@code asBoolean(false)} does: {@code true}, the string {@code "true"} or a non-zero integer.
     */
    public static ClientCapabilities fromPlain(Object caps) {
        if (!(caps instanceof Map<?, ?> root)) {
            return NONE;
        }
        Object fs = root.get("fs");
        Object elicitation = root.get("elicitation");
        Object session = root.get("session");
        return new ClientCapabilities(
                flag(member(fs, "readTextFile")),
                flag(member(fs, "writeTextFile")),
                flag(root.get("terminal")),
                member(elicitation, "form") instanceof Map,
                member(elicitation, "url") instanceof Map,
                member(session, "notices") instanceof Map,
                member(session, "compaction") instanceof Map,
                flag(member(root.get("auth"), "terminal")),
                root.get("plan") instanceof Map,
                root.get("subagents") instanceof Map);
    }

    private static Object member(Object object, String name) {
        return object instanceof Map<?, ?> map ? map.get(name) : null;
    }

    private static boolean flag(Object value) {
        if (value instanceof Boolean bool) {
            return bool;
        }
        if (value instanceof Long number) {
            return number != 0;
        }
        return "true".equals(value);
    }
}
