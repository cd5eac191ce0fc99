package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.base.FailureWords;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.auth.OAuthAuthorization;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.interaction.ClientCapabilities;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.transport.HttpAuthorization;
import dev.tether.mcp.transport.HttpTransport;
import dev.tether.mcp.transport.LegacySseTransport;
import dev.tether.mcp.transport.VariableExpansion;
import dev.tether.mcp.transport.stdio.StdioTransport;
import dev.tether.mcp.transport.websocket.WebSocketTransport;
import dev.tether.security.Redactor;
import dev.tether.tools.sandbox.BwrapCommand;
import dev.tether.tools.sandbox.BwrapProbe;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one connect attempt of a {@link McpConnection} sends before it can commit READY: opens
 * the transport, then {@code initialize} (or {@code server/discover}), the log level
 * ({@code logging/setLevel}, or on every 2026-07-28 request), {@code tools/list} and the content
 * catalogs. It holds no state of the connection; the connection checks the generation around it.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization">MCP initialization</a>
 */
final class Handshake {
    private static final Logger LOG = LoggerFactory.getLogger(Handshake.class);

    /** What the server said and listed; committed together with READY. */
    record Done(McpClientSession.Initialized init, List<McpToolInfo> tools, ConnectionContent.Fetched content) {}

    private final McpServerSpec spec;
    private final McpRuntimeOptions options;
    private final McpConnectionSettings settings;
    private final ConnectionContent content;
    private final Cancellation lifetime;
    private final VersionChoice versions;

    Handshake(McpServerSpec spec, McpRuntimeOptions options, McpConnectionSettings settings, ConnectionContent content,
              Cancellation lifetime) {
        this.spec = spec;
        this.options = options;
        this.settings = settings;
        this.content = content;
        this.lifetime = lifetime;
        this.versions = new VersionChoice(spec.name(), options.policyFor(spec.name()).protocolVersion(), switch (spec) {
            case McpServerSpec.Stdio s -> VersionChoice.Reach.STDIO;
            case McpServerSpec.Http h -> VersionChoice.Reach.HTTP;
            case McpServerSpec.Sse s -> VersionChoice.Reach.OTHER;
            case McpServerSpec.WebSocket w -> VersionChoice.Reach.OTHER;
        });
    }

    /** Starts the server's process or HTTP transport. @throws McpError it cannot start */
    MessageChannel open() {
        VariableExpansion.Result expanded = VariableExpansion.expand(spec, options.hostEnv());
        for (String name : expanded.undefined()) {
            LOG.warn("mcp {}: ${{}} is not set in Tether's environment; it expands to an empty string", spec.name(), name);
        }
        for (String name : expanded.refused()) {
            LOG.warn("mcp {}: ${{}} names one of Tether's own credentials, which are never passed to a server;"
                    + " it expands to an empty string", spec.name(), name);
        }
        try {
            return switch (expanded.spec()) {
                case McpServerSpec.Stdio stdio -> StdioTransport.launch(stdio, options.defaultCwd(), options.hostEnv(),
                        settings.maxLineBytes(), options.artifactDir() == null ? null : new ArtifactStore(options.artifactDir())::spillFile,
                        sandboxed(stdio));
                case McpServerSpec.Http http -> new HttpTransport(http, options.connectTimeout(), authorization(http),
                        settings.maxLineBytes(), settings.network());
                case McpServerSpec.Sse sse -> LegacySseTransport.open(sse, options.connectTimeout(),
                        authorization(new McpServerSpec.Http(sse.name(), sse.url(), sse.headers(), sse.origin())),
                        settings.maxLineBytes(), settings.network());
                case McpServerSpec.WebSocket ws -> WebSocketTransport.open(ws, options.connectTimeout(), settings.maxLineBytes(),
                        settings.network());
            };
        } catch (IOException e) {
            LOG.debug("mcp {}: cannot connect", spec.name(), e);
            throw new McpError.Unreachable(switch (expanded.spec()) {
                // The stdio launch already words its failures with the command as written and as resolved.
                case McpServerSpec.Stdio stdio -> e.getMessage() == null ? "cannot start \"" + stdio.command() + "\"" : e.getMessage();
                case McpServerSpec.Http http -> FailureWords.network(e, http.url(), options.connectTimeout());
                case McpServerSpec.Sse sse -> FailureWords.network(e, sse.url(), options.connectTimeout());
                case McpServerSpec.WebSocket ws -> FailureWords.network(e, ws.url(), options.connectTimeout());
            });
        }
    }

    /**
     * The bubblewrap command line before the server's own, where its policy puts it in the sandbox
     * (writable: its working directory and a private {@code /tmp}); empty where it does not.
     *
     * @throws IOException the policy asks for the sandbox and this machine cannot give one: the server
     *                     does not start rather than start unconfined
     */
    private List<String> sandboxed(McpServerSpec.Stdio stdio) throws IOException {
        McpServerPolicy.StdioSandbox wanted = options.policyFor(stdio.name()).sandbox();
        if (wanted == null && options.sandbox().allServers()) {
            wanted = new McpServerPolicy.StdioSandbox(true); // the managed settings sandbox every server
        }
        if (wanted == null) {
            return List.of();
        }
        SandboxPolicy policy = options.sandbox().withNetwork(wanted.network());
        BwrapProbe.Result probe = BwrapProbe.run(policy.host().bwrap());
        if (!probe.works()) {
            throw new IOException("it must run in the sandbox (its entry, or the managed settings, say so), and the sandbox"
                    + " is not available: " + probe.why());
        }
        java.nio.file.Path cwd = stdio.cwd() != null ? stdio.cwd() : options.defaultCwd();
        List<String> line = new java.util.ArrayList<>();
        line.add(policy.host().bwrap().toString());
        line.addAll(BwrapCommand.arguments(policy, SandboxMode.WORKSPACE_WRITE, List.of(cwd), cwd));
        line.add("--");
        return line;
    }

    /** How long an HTTP server with OAuth may take to connect: a person may be signing in in a browser. */
    static final java.time.Duration SIGN_IN_BUDGET = java.time.Duration.ofMinutes(5);

    private java.time.Duration initializeTimeout() {
        boolean mayAskToSignIn = options.oauth() != null
                && (spec instanceof McpServerSpec.Http || spec instanceof McpServerSpec.Sse);
        return mayAskToSignIn && SIGN_IN_BUDGET.compareTo(options.connectTimeout()) > 0 ? SIGN_IN_BUDGET : options.connectTimeout();
    }

    /** OAuth for {@code http} when the runtime has it turned on (see {@code mcp/auth}). */
    private HttpAuthorization authorization(McpServerSpec.Http http) {
        if (options.oauth() == null) {
            return HttpAuthorization.NONE;
        }
        try {
            return OAuthAuthorization.forServer(http, options.oauth(), settings.network());
        } catch (AuthException e) {
            throw new McpError.Unreachable(e.getMessage());
        }
    }

    /** Initialises {@code client} and fetches its catalogs. Throws on failure (a content list failing is not one). */
    Done run(McpClientSession client) {
        tools.jackson.databind.JsonNode capabilities = ClientCapabilities.declare(options.grantsFor(spec.name()), options.host());
        McpClientSession.Initialized init;
        // Set before the greeting: a 2026-07-28 server takes the level on every request, server/discover included.
        client.logLevel(logLevel());
        try {
            init = versions.greet(client, options.clientVersion(), capabilities, initializeTimeout(), lifetime,
                    c -> c.initialize(versions.initializeVersion(), options.clientVersion(), capabilities,
                            initializeTimeout(), lifetime));
        } catch (McpError.ErrorAnswer e) {
            // The server answered and refused: it may have changed revision, so the next connect probes.
            // A crash, a timeout or an exit keeps the choice (a crashing server is not started twice).
            if (!client.isClosed()) {
                versions.forget();
            }
            throw e;
        }
        applyLogLevel(client);
        List<McpToolInfo> listed = client.declares("tools")
                ? client.listTools(settings.catalogBounds(), options.listTimeout(), lifetime) : List.of();
        return new Done(init, listed, content.fetch(client, lifetime));
    }

    /**
     * Asks for the policy's level as the server's revision takes it (see {@link McpClientSession#applyLogLevel}),
     * after every (re)connect. A failure is logged, never fatal: logs are diagnostics.
     */
    private void applyLogLevel(McpClientSession client) {
        try {
            client.applyLogLevel(options.listTimeout(), lifetime);
        } catch (McpError e) {
            LOG.info("mcp {}: logging/setLevel failed: {}", spec.name(), Redactor.redact(e.getMessage()));
        }
    }

    /** The server's configured log level ({@code logLevel}), else the default. */
    private String logLevel() {
        String level = options.policyFor(spec.name()).logLevel();
        return level == null ? McpServerPolicy.DEFAULT_LOG_LEVEL : level;
    }

    /** The reason an attempt failed, for the user (redacted later, with the stderr tail). */
    static String describe(String server, RuntimeException e) {
        return switch (e) {
            case McpError m -> m.getMessage();
            case CancelledException c -> "connection closed while starting";
            case UncheckedIOException u -> "cannot talk to the server: " + u.getCause().getMessage();
            default -> {
                LOG.debug("mcp {}: unexpected failure", server, e);
                yield "unexpected error: " + e.getClass().getSimpleName();
            }
        };
    }
}
