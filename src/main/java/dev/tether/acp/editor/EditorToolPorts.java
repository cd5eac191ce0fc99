package dev.tether.acp.editor;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.tools.Plan;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.local.LocalFileSystem;

/**
 * A session's tool ports for an editor: its files and terminals where its capabilities offer
 * them (the local disk and local processes otherwise), and {@code plan} to show the agent's plan.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/initialization#client-capabilities">ACP client capabilities</a>
 */
public final class EditorToolPorts {
    private EditorToolPorts() {}

    public static ToolPorts of(ClientChannel client, ClientCapabilities capabilities, String sessionId, Plan plan) {
        return new ToolPorts(EditorFileSystem.choose(client, capabilities, sessionId, LocalFileSystem.INSTANCE),
                EditorTerminals.choose(client, capabilities, sessionId), plan);
    }
}
