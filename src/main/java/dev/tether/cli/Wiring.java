package dev.tether.cli;

import dev.tether.acp.AcpClientChannel;
import dev.tether.acp.ClientChannel;
import dev.tether.agent.subagent.AgentTool;
import dev.tether.base.net.Network;
import dev.tether.cli.secrets.ConfiguredOAuth;
import dev.tether.config.SubagentConfig;
import dev.tether.config.TetherSettings;
import dev.tether.config.mcp.McpRuntimeConfig;
import dev.tether.config.sources.PolicyGrants;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.dpop.DpopKeys;
import dev.tether.mcp.auth.ledger.AcpTokenStore;
import dev.tether.mcp.auth.ledger.SecretRecordingStore;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.auth.prompt.EditorAuthorizationPrompt;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.transport.VariableExpansion;
import dev.tether.model.ModelException;
import dev.tether.model.ModelProvider;
import dev.tether.model.ProviderSelection;
import dev.tether.model.ProviderSettings;
import dev.tether.security.NonDumpable;
import dev.tether.security.SecretRegistry;
import dev.tether.session.ModelCatalog;
import dev.tether.session.SessionServices;
import dev.tether.session.api.SessionOption;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.servers.RuntimeServers;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.LoggerFactory;

/** Connects the session seams to the real model providers and MCP runtime, built from the {@link TetherSettings}. */
final class Wiring {
    /** How long the first model request waits for MCP servers still starting. */
    static final Duration MCP_STARTUP_TIMEOUT = Duration.ofSeconds(20);

    /** Anthropic models offered in the model picker besides the configured one. */
    private static final List<String> ANTHROPIC_MODELS = List.of("claude-sonnet-4-5", "claude-opus-4-1", "claude-haiku-4-5");

    private Wiring() {}

    static ClientChannel client(JsonRpcConnection connection) {
        return new AcpClientChannel(connection);
    }

    static ModelCatalog models(TetherSettings.Model model) {
        return models(model, Network.DIRECT);
    }

    /** The configured provider, reached through {@code network}'s proxies and trust. */
    static ModelCatalog models(TetherSettings.Model model, Network network) {
        return model.problem() != null ? broken(model.problem()) : new ProviderCatalog(model.provider(), network);
    }

    private static ModelCatalog broken(String message) {
        return new ModelCatalog() {
            @Override
            public String missingCredentials() {
                return null;
            }

            @Override
            public String configurationError() {
                return message;
            }

            @Override
            public String defaultModel() {
                return "none";
            }

            @Override
            public List<SessionOption.Choice> models() {
                return List.of(new SessionOption.Choice("none", "No model", null));
            }

            @Override
            public ModelProvider open(String model) throws ModelException {
                throw new ModelException(ModelException.Kind.CONFIGURATION, message);
            }
        };
    }

    /** The configured provider; one HttpClient for the whole process, built on first use. */
    private static final class ProviderCatalog implements ModelCatalog {
        private final ProviderSettings settings;
        private final Network network;
        private volatile HttpClient http;
        private final java.util.concurrent.atomic.AtomicBoolean prepared = new java.util.concurrent.atomic.AtomicBoolean();

        ProviderCatalog(ProviderSettings settings, Network network) {
            this.settings = settings;
            this.network = network;
        }

        @Override
        public String missingCredentials() {
            return ProviderSelection.missingCredentials(settings);
        }

        @Override
        public String defaultModel() {
            return settings.model() == null ? "none" : settings.model();
        }

        @Override
        public List<SessionOption.Choice> models() {
            Set<String> ids = new LinkedHashSet<>();
            ids.add(defaultModel());
            if (ProviderSettings.ANTHROPIC.equals(settings.provider())) {
                ids.addAll(ANTHROPIC_MODELS);
            }
            String label = ProviderSettings.SCRIPTED.equals(settings.provider()) ? " (scripted, offline)" : "";
            return ids.stream().map(id -> new SessionOption.Choice(id, id + label, null)).toList();
        }

        @Override
        public ModelProvider open(String model) throws ModelException {
            ProviderSettings chosen = new ProviderSettings(settings.provider(), model, settings.anthropicApiKey(),
                    settings.anthropicBaseUrl(), settings.anthropicVersion(), settings.anthropicBeta(), settings.openaiApiKey(),
                    settings.openaiBaseUrl(), settings.openaiIncludeUsage(), settings.scriptPath(), settings.maxTokens());
            return Providers.create(chosen, this::http);
        }

        @Override
        public void prepare() {
            if (missingCredentials() == null && prepared.compareAndSet(false, true)) {
                ProviderWarmup.start(settings, this::http);
            }
        }

        private HttpClient http() {
            HttpClient client = http;
            if (client == null) {
                synchronized (this) {
                    if (http == null) {
                        http = dev.tether.model.http.ModelHttp.newClient(network);
                    }
                    client = http;
                }
            }
            return client;
        }
    }

    /** Session limits; the output budget comes from the provider settings (TETHER_MAX_TOKENS). */
    static SessionServices.Limits limits(TetherSettings.Model model) {
        SessionServices.Limits defaults = SessionServices.Limits.DEFAULT;
        return model.provider() == null ? defaults
                : new SessionServices.Limits(defaults.maxModelRequests(), model.provider().maxTokens(), defaults.contextWindow());
    }

    /** Session limits with the user's context and subagent settings ({@code "context"}, {@code "subagents"} in the config file). */
    static SessionServices.Limits limits(TetherSettings settings) {
        SubagentConfig subagents = settings.subagents();
        return limits(settings.model()).withContext(settings.context().windowTokens(), settings.context().compactAt())
                .withSubagents(AgentTool.Budget.DEFAULT.with(subagents.maxModelRequests(), subagents.maxTokens(),
                        subagents.timeoutSeconds(), subagents.maxRunning()));
    }

    /**
     * OAuth for the HTTP servers of an ACP session: credentials in {@code tokens} (this process's
     * memory, or the opt-in ACP ledger — never the host ledger), sign-in through the editor, and the
     * clients the user registered ahead of time (secrets expanded from the environment).
     */
    static OAuthSettings oauth(TokenStore tokens, McpHost host, Map<String, McpServerPolicy> policies, Map<String, String> env,
                               SecretRegistry secrets) {
        return ConfiguredOAuth.settings(tokens, EditorAuthorizationPrompt.factory(host), policies, env, secrets);
    }

    /**
     * A launcher built on first use: the MCP runtime's classes (and its OAuth store) stay off the
     * {@code initialize} path, which only has to answer the editor quickly.
     */
    static McpLauncher lazily(java.util.function.Supplier<McpLauncher> launcher, Runnable beforeSession) {
        return new McpLauncher() {
            @Override
            public Servers start(List<McpServerSpec> servers, java.nio.file.Path cwd, java.nio.file.Path artifactDir, McpHost host,
                                 Listener listener) {
                return launcher.get().start(servers, cwd, artifactDir, host, listener);
            }

            @Override
            public void beforeSession() {
                beforeSession.run();
            }
        };
    }

    /** A supplier that builds its value once, on first use by any thread; the others wait for that build. */
    static <T> java.util.function.Supplier<T> once(java.util.function.Supplier<T> factory) {
        return new java.util.function.Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = factory.get();
                }
                return value;
            }
        };
    }

    /**
     * Makes the process non-dumpable (Linux, JDK 22+; elsewhere it says so, once); always true, for
     * {@link #once}. Done when the first session starts (before its answer, and before any MCP
     * server or command can run), and not at start-up: the foreign function call costs tens of
     * milliseconds the {@code initialize} answer should not wait for.
     */
    static Boolean harden() {
        if (!NonDumpable.apply()) {
            // Said once per process, where the user looks (stderr), so that a degraded protection is not a silent one.
            LoggerFactory.getLogger(Wiring.class).info("the process cannot be made non-dumpable here (that needs Linux and Java 22 or newer), "
                    + "so other processes of your user may read Tether's memory (docs/reference/security.md)");
        }
        return Boolean.TRUE;
    }

    /**
     * Where ACP sessions keep OAuth credentials: this process's memory, unless the config file
     * opts in with {@code "oauth": {"rememberSignIns": true}} (then the separate ACP ledger).
     */
    static TokenStore acpTokens(TetherSettings settings) {
        return settings.mcp().rememberSignIns() ? AcpTokenStore.persistent(settings.paths().stateDir()) : AcpTokenStore.inMemory();
    }

    /**
     * The MCP runtime of each session. Secret values are not in the environment it sees, tokens it
     * gets are registered as secrets, and a user-declared server that names a secret in {@code ${VAR}}
     * is reported to the session (it gets an empty string).
     */
    static McpLauncher mcp(TetherSettings settings, TokenStore tokens, SecretRegistry secrets) {
        Map<String, String> env = settings.environment();
        Map<String, McpServerPolicy> policies = settings.mcp().declared().policies();
        McpRuntimeConfig config = settings.mcp().runtime();
        Map<String, String> hostEnv = secrets.withoutSecretValues(env);
        TokenStore recorded = new SecretRecordingStore(tokens, secrets);
        // The sessions share the process's tokens, so they share the DPoP keys those tokens are bound to.
        DpopKeys dpopKeys = new DpopKeys();
        for (McpServerPolicy policy : policies.values()) {
            if (policy.oauthClient() != null && policy.oauthClient().clientSecret() != null) {
                secrets.register(VariableExpansion.expand(policy.oauthClient().clientSecret().value(), env));
            }
        }
        PolicyGrants grants = PolicyGrants.of(settings.mcp(), settings.paths(), hostEnv);
        return (servers, cwd, artifactDir, host, listener) -> {
            warnAboutSecretReferences(servers, secrets, listener);
            // A name carries no trust: a server takes what its name's entry grants only when it is that entry's server.
            Map<String, McpServerPolicy> own = grants.forSession(servers);
            McpRuntimeOptions options = config.apply(McpRuntimeOptions.defaults(cwd, hostEnv)
                    .withPolicies(own).withArtifactDir(artifactDir).withHost(host).withSecrets(secrets)
                    .withSandbox(settings.sandbox())
                    .withOAuth(oauth(recorded, host, own, env, secrets).withDpopKeys(dpopKeys)));
            McpRuntime runtime = McpRuntime.start(servers, options, new McpRuntimeListener() {
                @Override
                public void serverReady(String name, int toolCount) {
                    // The tools appear at the next catalog barrier.
                }

                @Override
                public void serverFailed(String name, String redactedReason) {
                    listener.serverFailed(name, redactedReason);
                }

                @Override
                public void serverNeedsSignIn(String name, String redactedReason) {
                    listener.serverNeedsSignIn(name, redactedReason);
                }

                @Override
                public void serverNeedsRoots(String name, String said) {
                    listener.serverNeedsRoots(name, said);
                }

                @Override
                public void toolsChanged() {
                    listener.toolsChanged();
                }
            }, config.connectionSettings().withNetwork(settings.network()));
            return new RuntimeServers(runtime, servers, MCP_STARTUP_TIMEOUT);
        };
    }

    /**
     * Which servers each session gets: the configured sources, the managed policy (which looks at
     * servers as they would run, expanded without secret values) and the user's project choices.
     */
    static dev.tether.session.servers.McpServerSources sources(TetherSettings settings, SecretRegistry secrets) {
        return new ConfiguredSources(new dev.tether.config.sources.McpSources(settings.mcp(),
                dev.tether.config.sources.ProjectChoices.in(settings.paths()), secrets.withoutSecretValues(settings.environment())));
    }

    /** Where each session's instruction files are: the names of {@code context.instructionFiles}, the user's in the config directory. */
    static dev.tether.context.InstructionSettings instructions(TetherSettings settings) {
        return new dev.tether.context.InstructionSettings(settings.context().instructionFiles(), settings.paths().configDir(),
                settings.context().instructionBytes());
    }

    /** Each session's permission rules: the managed settings, the user's, the local scope and the project's file. */
    static dev.tether.tools.permission.RuleBooks rules(TetherSettings settings) {
        java.nio.file.Path home = java.nio.file.Path.of(settings.environment().getOrDefault("HOME", System.getProperty("user.home")));
        return new dev.tether.config.permissions.ConfiguredRules(settings.permissions(),
                dev.tether.config.permissions.LocalRules.in(settings.paths()), home);
    }

    private static void warnAboutSecretReferences(List<McpServerSpec> servers, SecretRegistry secrets, McpLauncher.Listener listener) {
        for (McpServerSpec spec : servers) {
            if (!spec.origin().expands()) {
                continue;
            }
            for (String name : VariableExpansion.references(spec)) {
                if (secrets.isSecretName(name)) {
                    LoggerFactory.getLogger(Wiring.class).warn("mcp {}: ${{}} is one of Tether's secrets; the server gets an empty string",
                            spec.name(), name);
                    listener.warn(spec.name(), "`${" + name + "}` names one of Tether's secrets, which are never passed to a server;"
                            + " it expands to an empty string.");
                }
            }
        }
    }
}
