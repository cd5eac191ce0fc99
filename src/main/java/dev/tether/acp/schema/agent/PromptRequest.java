package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.ContentBlock;
import java.util.List;

/**
 * {@code session/prompt}: the user's message as content blocks, to start a turn of the session.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/prompt-turn#1-user-message">ACP prompt turn: the user message</a>
 */
public record PromptRequest(String sessionId, List<ContentBlock> prompt) {}
