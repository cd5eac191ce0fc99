package dev.tether.tools;

/**
 * What a tool call does, as the host shows it (an editor picks an icon by it). The values are
 * those of ACP's tool kinds; the ACP adapter maps them one to one.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#creating">ACP tool call kinds</a>
 */
public enum ToolKind {
    READ, EDIT, DELETE, MOVE, SEARCH, EXECUTE, THINK, FETCH, SWITCH_MODE, OTHER
}
