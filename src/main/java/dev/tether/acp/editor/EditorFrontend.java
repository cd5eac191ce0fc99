package dev.tether.acp.editor;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.security.SecretRegistry;
import dev.tether.session.api.Frontend;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionId;

/**
 * Sessions shown in an ACP editor: each session's ports speak to {@code client}, behind a mask
 * of the session's secrets for everything shown to the user, and use the editor's files and
 * terminals where {@code capabilities} offer them.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/initialization#client-capabilities">ACP client capabilities</a>
 */
public final class EditorFrontend implements Frontend {
    private final ClientChannel client;
    private final ClientCapabilities capabilities;

    public EditorFrontend(ClientChannel client, ClientCapabilities capabilities) {
        this.client = client;
        this.capabilities = capabilities;
    }

    @Override
    public boolean showsSubagents() {
        return capabilities.subagents();
    }

    @Override
    public Ports open(SessionId id, SecretRegistry secrets) {
        // Every path to the editor goes through this client, so no secret is shown on any of them.
        ClientChannel masked = SecretMaskingClient.wrap(client, secrets);
        String sessionId = id.value();
        EditorOutput output = new EditorOutput(masked, sessionId, capabilities.notices(), capabilities.compaction(), capabilities.plan());
        return new Ports(output, new EditorClient(masked, capabilities, sessionId), new EditorPermissionPrompt(masked, sessionId),
                EditorToolPorts.of(masked, capabilities, sessionId, entries -> output.send(new SessionEvent.PlanUpdated(entries))));
    }
}
