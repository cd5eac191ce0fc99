package dev.tether.acp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of {@code initialize}, as {@link dev.tether.json.PlainJson} values: the one place it is
 * built, whether the connection answers the request or {@link FirstInitialize} does.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
 */
final class InitializeResult {
    private InitializeResult() {}

    static Map<String, Object> of(String version, ClientCapabilities client) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("protocolVersion", AcpAgent.PROTOCOL_VERSION);
        Map<String, Object> caps = new LinkedHashMap<>();
        caps.put("loadSession", true);
        caps.put("promptCapabilities", object("image", true, "audio", false, "embeddedContext", true));
        caps.put("mcpCapabilities", object("http", true, "sse", true));
        caps.put("sessionCapabilities", object("list", Map.of(), "resume", Map.of(), "close", Map.of(),
                "delete", Map.of(), "additionalDirectories", Map.of()));
        result.put("agentCapabilities", caps);
        result.put("agentInfo", object("name", "tether", "title", "Tether", "version", version));
        List<Object> methods = new ArrayList<>();
        methods.add(object("id", AcpAgent.AUTH_METHOD_ID, "name", "API key in the environment",
                "description", "Set ANTHROPIC_API_KEY, or OPENAI_BASE_URL/OPENAI_API_KEY for an OpenAI-compatible server, "
                        + "in the agent's env (or in the Tether config file), then restart the agent."));
        // ACP: a terminal method is offered only to editors that said they can run one.
        if (client.terminalAuth()) {
            Map<String, Object> login = object("id", AcpAgent.LOGIN_METHOD_ID, "name", "Sign in with an API key",
                    "description", "Runs `tether login` in a terminal: choose Anthropic or OpenAI and paste an API key. "
                            + "It is stored in a file only you can read, next to Tether's config; the environment still wins.",
                    "type", "terminal");
            login.put("args", List.of("login"));
            methods.add(login);
        }
        result.put("authMethods", methods);
        return result;
    }

    /** An object of the given name and value pairs, in their order. */
    private static Map<String, Object> object(Object... pairs) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            object.put((String) pairs[i], pairs[i + 1]);
        }
        return object;
    }
}
