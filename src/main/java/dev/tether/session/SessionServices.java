package dev.tether.session;

import dev.tether.context.InstructionSettings;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.security.SecretRegistry;
import dev.tether.session.api.Frontend;
import dev.tether.session.api.StatusPage;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.servers.McpServerSources;
import dev.tether.session.transcript.TranscriptStore;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.sandbox.SandboxPolicy;
import dev.tether.tools.permission.RuleBooks;
import java.util.List;

/**
 * What every session of one Tether process shares: read-only settings and the factories
 * for per-session parts. Nothing in here holds session state.
 *
 * @param mcpSources      which MCP servers a session gets (config files, the editor's, policy, approvals)
 * @param toolFilter      the user's allow/deny lists of tool names, applied to every projection
 * @param frontend        the user's editor, opened per session behind a mask of {@code secrets}
 * @param secrets         the process's known secrets: masked in everything a session sends, withheld from commands
 * @param rules           each session's permission rules, by the project its directory belongs to
 * @param instructions    where each session's instruction files (AGENTS.md …) are looked for, and their budget
 * @param statusPage      the process's status page ({@code /status}), or null where there is none
 * @param sandbox         how each session's commands are confined ({@code "sandbox"} in the settings)
 */
public record SessionServices(
        TranscriptStore transcripts,
        ModelCatalog models,
        McpLauncher mcp,
        Frontend frontend,
        McpServerSources mcpSources,
        ToolFilter toolFilter,
        Limits limits,
        SecretRegistry secrets,
        RuleBooks rules,
        InstructionSettings instructions,
        StatusPage statusPage,
        SandboxPolicy sandbox) {

    /** Services whose sessions run commands without a sandbox. */
    public SessionServices(TranscriptStore transcripts, ModelCatalog models, McpLauncher mcp, Frontend frontend,
                           McpServerSources mcpSources, ToolFilter toolFilter, Limits limits, SecretRegistry secrets,
                           RuleBooks rules, InstructionSettings instructions, StatusPage statusPage) {
        this(transcripts, models, mcp, frontend, mcpSources, toolFilter, limits, secrets, rules, instructions, statusPage,
                SandboxPolicy.NONE);
    }

    /** Services without permission rules, a user instruction file or a status page: the mode decides, "Always allow" lasts the session. */
    public SessionServices(TranscriptStore transcripts, ModelCatalog models, McpLauncher mcp, Frontend frontend,
                           McpServerSources mcpSources, ToolFilter toolFilter, Limits limits, SecretRegistry secrets) {
        this(transcripts, models, mcp, frontend, mcpSources, toolFilter, limits, secrets, RuleBooks.NONE, InstructionSettings.DEFAULT, null);
    }

    /** Services that know no secrets (tests, tools that never see a credential). */
    public SessionServices(TranscriptStore transcripts, ModelCatalog models, McpLauncher mcp, Frontend frontend,
                           List<McpServerSpec> extraMcpServers, boolean strictMcpConfig, ToolFilter toolFilter, Limits limits) {
        this(transcripts, models, mcp, frontend, McpServerSources.fixed(extraMcpServers, strictMcpConfig), toolFilter, limits,
                SecretRegistry.empty());
    }

    /** Services whose sessions get the editor's servers and {@code extraMcpServers} (only those with {@code strictMcpConfig}). */
    public SessionServices(TranscriptStore transcripts, ModelCatalog models, McpLauncher mcp, Frontend frontend,
                           List<McpServerSpec> extraMcpServers, boolean strictMcpConfig, ToolFilter toolFilter, Limits limits,
                           SecretRegistry secrets) {
        this(transcripts, models, mcp, frontend, McpServerSources.fixed(extraMcpServers, strictMcpConfig), toolFilter, limits, secrets);
    }

    /**
     * Named defaults, overridable from the config file.
     *
     * @param contextWindow    the window usage is shown against when the provider names none
     * @param windowTokens     the user's {@code context.windowTokens}, overriding the provider's window; 0 when not set
     * @param compactAt        the share of the window at which a conversation is compacted ({@code context.compactAt})
     * @param maxParallelTools read-only tool calls of one step that run at the same time
     * @param subagents        what one subagent may spend, and how many run at once ({@code "subagents"})
     */
    public record Limits(int maxModelRequests, int maxTokens, long contextWindow, long windowTokens, double compactAt,
                         int maxParallelTools, dev.tether.agent.subagent.AgentTool.Budget subagents) {
        public static final Limits DEFAULT = new Limits(dev.tether.agent.TurnLoop.DEFAULT_MAX_MODEL_REQUESTS, 8192, 200_000);

        public Limits(int maxModelRequests, int maxTokens, long contextWindow) {
            this(maxModelRequests, maxTokens, contextWindow, 0, dev.tether.agent.ContextPolicy.DEFAULT_COMPACT_AT,
                    dev.tether.agent.TurnLoop.DEFAULT_MAX_PARALLEL_TOOLS, dev.tether.agent.subagent.AgentTool.Budget.DEFAULT);
        }

        /** The same limits with another number of model requests per turn ({@code tether exec --max-turns}). */
        public Limits withMaxModelRequests(int requests) {
            return new Limits(requests, maxTokens, contextWindow, windowTokens, compactAt, maxParallelTools, subagents);
        }

        /** The same limits with the user's context settings. */
        public Limits withContext(long windowTokens, double compactAt) {
            return new Limits(maxModelRequests, maxTokens, contextWindow, windowTokens, compactAt, maxParallelTools, subagents);
        }

        /** The same limits with the user's subagent budget. */
        public Limits withSubagents(dev.tether.agent.subagent.AgentTool.Budget budget) {
            return new Limits(maxModelRequests, maxTokens, contextWindow, windowTokens, compactAt, maxParallelTools, budget);
        }
    }

    /** The same services showing sessions in {@code editor} (once the editor said what it can do). */
    public SessionServices withFrontend(Frontend editor) {
        return new SessionServices(transcripts, models, mcp, editor, mcpSources, toolFilter, limits, secrets, rules, instructions, statusPage, sandbox);
    }

    /** The same services with {@code registry} as the known secrets; the transcripts mask them too. */
    public SessionServices withSecrets(SecretRegistry registry) {
        return new SessionServices(transcripts.withSecrets(registry), models, mcp, frontend, mcpSources, toolFilter, limits, registry, rules, instructions, statusPage, sandbox);
    }

    /** The same services with {@code sources} deciding each session's MCP servers. */
    public SessionServices withMcpSources(McpServerSources sources) {
        return new SessionServices(transcripts, models, mcp, frontend, sources, toolFilter, limits, secrets, rules, instructions, statusPage, sandbox);
    }

    /** The same services with {@code settings} saying where each session's instruction files are. */
    public SessionServices withInstructions(InstructionSettings settings) {
        return new SessionServices(transcripts, models, mcp, frontend, mcpSources, toolFilter, limits, secrets, rules, settings, statusPage, sandbox);
    }

    /** The same services with {@code books} giving each session its permission rules. */
    public SessionServices withRules(RuleBooks books) {
        return new SessionServices(transcripts, models, mcp, frontend, mcpSources, toolFilter, limits, secrets, books, instructions, statusPage, sandbox);
    }

    /** The same services confining each session's commands by {@code policy}. */
    public SessionServices withSandbox(SandboxPolicy policy) {
        return new SessionServices(transcripts, models, mcp, frontend, mcpSources, toolFilter, limits, secrets, rules, instructions,
                statusPage, policy);
    }

    /** The same services with {@code newLimits} ({@code tether exec --max-turns}). */
    public SessionServices withLimits(Limits newLimits) {
        return new SessionServices(transcripts, models, mcp, frontend, mcpSources, toolFilter, newLimits, secrets, rules, instructions,
                statusPage, sandbox);
    }

    /** The same services with {@code page} as the process's status page. */
    public SessionServices withStatusPage(StatusPage page) {
        return new SessionServices(transcripts, models, mcp, frontend, mcpSources, toolFilter, limits, secrets, rules, instructions, page, sandbox);
    }
}
