package dev.tether.mcp.settings;

import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.ServerGrants;
import dev.tether.mcp.task.TaskSettings;
import dev.tether.security.SecretRegistry;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Limits and context for one session's MCP runtime. Every timeout is a named default with an
 * override here; call timeouts may also be overridden per server.
 *
 * @param connectTimeout      start plus {@code initialize} of one server
 * @param listTimeout         one {@code tools/list} page
 * @param callTimeouts        default call limits
 * @param requestTimeouts     one {@code resources/read}, {@code prompts/get} or {@code completion/complete}
 * @param policies            per-server policy (hint overrides, allow/deny, call limits), by server name
 * @param maxInlineTextChars  model text kept inline per result (characters); beyond it the head is kept and the
 *                            whole goes to an artifact
 * @param maxImageBytes       images up to this decoded size go to the model as image parts
 * @param defaultCwd          working directory of stdio servers that declare none (the session cwd)
 * @param hostEnv             Tether's environment, filtered through the stdio allow-list
 * @param clientVersion       sent as {@code clientInfo.version}
 * @param artifactDir         session-private directory for results too big to keep inline, or null for none
 * @param host                the session behind the runtime: elicitation, sampling, roots, notices
 * @param oauth               OAuth for HTTP servers (token store, authorization prompt, pre-registered clients), or
 *                            null: a server that answers 401 then fails with "requires authorization"
 * @param tasks               MCP task limits (foreground wait, polling bounds), used for servers whose policy enables tasks
 * @param secrets             the known secret values, masked in every server text before it is cut for the model
 * @param sandbox             the OS sandbox for stdio servers whose policy asks for it ({@code denyRead}, bwrap)
 */
public record McpRuntimeOptions(Duration connectTimeout, Duration listTimeout, CallTimeouts callTimeouts,
                                RequestTimeouts requestTimeouts,
                                Map<String, McpServerPolicy> policies, int maxInlineTextChars,
                                int maxImageBytes, Path defaultCwd, Map<String, String> hostEnv,
                                String clientVersion, Path artifactDir, McpHost host, OAuthSettings oauth,
                                TaskSettings tasks, SecretRegistry secrets, SandboxPolicy sandbox) {
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_LIST_TIMEOUT = Duration.ofSeconds(30);
    /** A call that sends neither a result nor progress for this long is abandoned. */
    public static final Duration DEFAULT_CALL_IDLE_TIMEOUT = Duration.ofSeconds(60);
    /** No call runs longer than this, progress or not. */
    public static final Duration DEFAULT_CALL_TOTAL_TIMEOUT = Duration.ofMinutes(10);
    /**
     * One {@code resources/read}. A read may fetch a file, a page or a query result on the server's side, so it
     * keeps the list limit rather than anything shorter.
     */
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);
    /** One {@code prompts/get}: the server may build the messages from its own data, as a read does. */
    public static final Duration DEFAULT_PROMPT_TIMEOUT = Duration.ofSeconds(30);
    /**
     * One {@code completion/complete}. Asked while the user types an argument: an answer later than this is no
     * longer worth waiting for, and a hung server must not hold the editor's request for half a minute.
     */
    public static final Duration DEFAULT_COMPLETION_TIMEOUT = Duration.ofSeconds(10);
    public static final int DEFAULT_MAX_INLINE_TEXT_CHARS = 25_000;
    public static final int DEFAULT_MAX_IMAGE_BYTES = 1024 * 1024;

    /** Call limits: {@code idle} is refreshed by progress, {@code total} is not. */
    public record CallTimeouts(Duration idle, Duration total) {
        public static final CallTimeouts DEFAULT = new CallTimeouts(DEFAULT_CALL_IDLE_TIMEOUT, DEFAULT_CALL_TOTAL_TIMEOUT);
    }

    /** Limits of the single content requests, each with its own setting in the {@code "mcp"} config object. */
    public record RequestTimeouts(Duration read, Duration prompt, Duration completion) {
        public static final RequestTimeouts DEFAULT =
                new RequestTimeouts(DEFAULT_READ_TIMEOUT, DEFAULT_PROMPT_TIMEOUT, DEFAULT_COMPLETION_TIMEOUT);
    }

    public McpRuntimeOptions {
        policies = Map.copyOf(policies);
        hostEnv = Map.copyOf(hostEnv);
        tasks = tasks == null ? TaskSettings.DEFAULT : tasks;
        secrets = secrets == null ? SecretRegistry.empty() : secrets;
        sandbox = sandbox == null ? SandboxPolicy.NONE : sandbox;
    }

    /** Options whose stdio servers have no sandbox settings (one asking for it cannot start). */
    public McpRuntimeOptions(Duration connectTimeout, Duration listTimeout, CallTimeouts callTimeouts,
                             RequestTimeouts requestTimeouts,
                             Map<String, McpServerPolicy> policies, int maxInlineTextChars,
                             int maxImageBytes, Path defaultCwd, Map<String, String> hostEnv,
                             String clientVersion, Path artifactDir, McpHost host, OAuthSettings oauth,
                             TaskSettings tasks, SecretRegistry secrets) {
        this(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars, maxImageBytes, defaultCwd,
                hostEnv, clientVersion, artifactDir, host, oauth, tasks, secrets, SandboxPolicy.NONE);
    }

    /** These options with {@code policy} as the sandbox of the stdio servers that ask for it. */
    public McpRuntimeOptions withSandbox(SandboxPolicy policy) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, tasks, secrets, policy);
    }

    /** Options with the default task limits and no known secrets. */
    public McpRuntimeOptions(Duration connectTimeout, Duration listTimeout, CallTimeouts callTimeouts,
                             RequestTimeouts requestTimeouts, Map<String, McpServerPolicy> policies, int maxInlineTextChars,
                             int maxImageBytes, Path defaultCwd, Map<String, String> hostEnv, String clientVersion,
                             Path artifactDir, McpHost host, OAuthSettings oauth) {
        this(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars, maxImageBytes,
                defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, TaskSettings.DEFAULT, SecretRegistry.empty());
    }

    /**
     * Defaults for a session in {@code cwd}. {@code hostEnv} is Tether's environment as the caller
     * read it: the runtime never reads the process environment itself, so what a server may see is
     * decided where the settings are.
     */
    public static McpRuntimeOptions defaults(Path cwd, Map<String, String> hostEnv) {
        String version = McpRuntimeOptions.class.getPackage().getImplementationVersion();
        return new McpRuntimeOptions(DEFAULT_CONNECT_TIMEOUT, DEFAULT_LIST_TIMEOUT, CallTimeouts.DEFAULT,
                RequestTimeouts.DEFAULT, Map.of(), DEFAULT_MAX_INLINE_TEXT_CHARS, DEFAULT_MAX_IMAGE_BYTES, cwd, hostEnv,
                version == null ? "0.1.0" : version, null, McpHost.NONE, null);
    }

    public McpServerPolicy policyFor(String server) {
        return policies.getOrDefault(server, McpServerPolicy.DEFAULT);
    }

    /** What {@code server}'s policy lets it ask of the client (roots, sampling). */
    public ServerGrants grantsFor(String server) {
        McpServerPolicy policy = policyFor(server);
        return new ServerGrants(policy.exposeRoots(), policy.sampling());
    }

    public CallTimeouts callTimeoutsFor(String server) {
        CallTimeouts own = policyFor(server).callTimeouts();
        return own == null ? callTimeouts : own;
    }

    public McpRuntimeOptions withConnectTimeout(Duration timeout) {
        return new McpRuntimeOptions(timeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, tasks, secrets, sandbox);
    }

    public McpRuntimeOptions withCallTimeouts(CallTimeouts timeouts) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, timeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, tasks, secrets, sandbox);
    }

    public McpRuntimeOptions withRequestTimeouts(RequestTimeouts timeouts) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, timeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, tasks, secrets, sandbox);
    }

    public McpRuntimeOptions withPolicies(Map<String, McpServerPolicy> perServer) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, perServer, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, tasks, secrets, sandbox);
    }

    public McpRuntimeOptions withArtifactDir(Path dir) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, dir, host, oauth, tasks, secrets, sandbox);
    }

    public McpRuntimeOptions withMaxInlineTextChars(int chars) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, chars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, tasks, secrets, sandbox);
    }

    public McpRuntimeOptions withHost(McpHost newHost) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, newHost, oauth, tasks, secrets, sandbox);
    }

    /** These options with other task limits. */
    public McpRuntimeOptions withTasks(TaskSettings settings) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, settings, secrets, sandbox);
    }

    /** These options with the process's known secrets (the composition root's registry). */
    public McpRuntimeOptions withSecrets(SecretRegistry registry) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, oauth, tasks, registry, sandbox);
    }

    /** Turns on OAuth for this runtime's HTTP servers; null turns it off. */
    public McpRuntimeOptions withOAuth(OAuthSettings settings) {
        return new McpRuntimeOptions(connectTimeout, listTimeout, callTimeouts, requestTimeouts, policies, maxInlineTextChars,
                maxImageBytes, defaultCwd, hostEnv, clientVersion, artifactDir, host, settings, tasks, secrets, sandbox);
    }
}
