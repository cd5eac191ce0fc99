package dev.tether.session;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.security.SecretRegistry;
import dev.tether.tools.ToolFilter;
import java.util.List;

/**
 * What every session of one Tether process shares: read-only settings and the factories
 * for per-session parts. Nothing in here holds session state.
 *
 * @param extraMcpServers servers from config files and {@code --mcp-config}, added to the editor's
 * @param toolFilter      the user's allow/deny lists of tool names, applied to every projection
 * @param client          the editor, behind a mask of {@code secrets} for what it shows the user
 * @param secrets         the process's known secrets: masked in everything a session sends, withheld from commands
 */
public record SessionServices(
        TranscriptStore transcripts,
        ModelCatalog models,
        McpLauncher mcp,
        ClientChannel client,
        ClientCapabilities clientCapabilities,
        List<McpServerSpec> extraMcpServers,
        boolean strictMcpConfig,
        ToolFilter toolFilter,
        Limits limits,
        SecretRegistry secrets) {

    public SessionServices {
        // Every path to the editor goes through this client, so no secret is shown on any of them.
        client = SecretMaskingClient.wrap(client, secrets);
    }

    /** Services that know no secrets (tests, tools that never see a credential). */
    public SessionServices(TranscriptStore transcripts, ModelCatalog models, McpLauncher mcp, ClientChannel client,
                           ClientCapabilities clientCapabilities, List<McpServerSpec> extraMcpServers, boolean strictMcpConfig,
                           ToolFilter toolFilter, Limits limits) {
        this(transcripts, models, mcp, client, clientCapabilities, extraMcpServers, strictMcpConfig, toolFilter, limits,
                SecretRegistry.empty());
    }

    /** Named defaults, overridable from the config file. */
    public record Limits(int maxModelRequests, int maxTokens, long contextWindow) {
        public static final Limits DEFAULT = new Limits(dev.tether.agent.TurnLoop.DEFAULT_MAX_MODEL_REQUESTS, 8192, 200_000);
    }

    public SessionServices withClient(ClientChannel channel, ClientCapabilities capabilities) {
        return new SessionServices(transcripts, models, mcp, channel, capabilities, extraMcpServers, strictMcpConfig, toolFilter, limits, secrets);
    }

    /** The same services with {@code registry} as the known secrets; the transcripts mask them too. */
    public SessionServices withSecrets(SecretRegistry registry) {
        return new SessionServices(transcripts.withSecrets(registry), models, mcp, client, clientCapabilities, extraMcpServers,
                strictMcpConfig, toolFilter, limits, registry);
    }
}
