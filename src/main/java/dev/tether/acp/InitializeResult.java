package dev.tether.acp;

import dev.tether.acp.schema.agent.InitializeResponse.AuthMethod;
import dev.tether.acp.schema.agent.InitializeResponse.Offered;
import dev.tether.acp.schema.agent.InitializeResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of {@code initialize}: the one place it is built, whether the connection answers the
 * request (written by the mapper) or {@link FirstInitialize} does ({@link InitializeResponse#plain()}).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
 */
final class InitializeResult {
    private InitializeResult() {}

    static InitializeResponse of(String version, ClientCapabilities client) {
        List<AuthMethod> methods = new ArrayList<>();
        methods.add(new AuthMethod.Agent(AcpAgent.AUTH_METHOD_ID, "API key in the environment",
                "Set ANTHROPIC_API_KEY, or OPENAI_BASE_URL/OPENAI_API_KEY for an OpenAI-compatible server, "
                        + "in the agent's env (or in the Tether config file), then restart the agent."));
        // ACP: a terminal method is offered only to editors that said they can run one.
        if (client.terminalAuth()) {
            methods.add(new AuthMethod.Terminal(AcpAgent.LOGIN_METHOD_ID, "Sign in with an API key",
                    "Runs `tether login` in a terminal: choose Anthropic or OpenAI and paste an API key. "
                            + "It is stored in a file only you can read, next to Tether's config; the environment still wins.",
                    List.of("login")));
        }
        return new InitializeResponse(AcpAgent.PROTOCOL_VERSION,
                new InitializeResponse.AgentCapabilities(true,
                        new InitializeResponse.PromptCapabilities(true, false, true),
                        new InitializeResponse.McpCapabilities(true, true),
                        new InitializeResponse.SessionCapabilities(Offered.YES, Offered.YES, Offered.YES, Offered.YES, Offered.YES,
                                Offered.YES)),
                new InitializeResponse.Implementation("tether", "Tether", version),
                methods);
    }
}
