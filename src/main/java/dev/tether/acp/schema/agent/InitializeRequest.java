package dev.tether.acp.schema.agent;

import tools.jackson.databind.JsonNode;

/**
 * {@code initialize}: what the editor can do. Only {@code clientCapabilities} is read, and as a
 * tree: the schema tells receivers to fall back to the defaults rather than fail on capabilities
 * they cannot read ({@code x-deserialize-default-on-error}), so Tether reads the flags it uses
 * leniently ({@code acp.ClientCapabilities}); null when absent. {@code protocolVersion} and
 * {@code clientInfo} are not read: Tether answers protocol version 1 whatever is asked, and the
 * editor decides whether it speaks it.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
 */
public record InitializeRequest(JsonNode clientCapabilities) {}
