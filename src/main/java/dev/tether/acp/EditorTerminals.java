package dev.tether.acp;

import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Terminals;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The editor's terminals ({@code terminal/*}). An error answer becomes a {@link HostFailure}
 * carrying the editor's message.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public final class EditorTerminals implements Terminals {
    private final ClientChannel client;
    private final String sessionId;

    public EditorTerminals(ClientChannel client, String sessionId) {
        this.client = client;
        this.sessionId = sessionId;
    }

    /** The editor's terminals when it offers them, or null (commands then run as local processes). */
    public static Terminals choose(ClientChannel client, ClientCapabilities capabilities, String sessionId) {
        return capabilities.terminal() ? new EditorTerminals(client, sessionId) : null;
    }

    @Override
    public String create(Launch launch, Cancellation cancellation) throws HostFailure {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", sessionId);
        params.put("command", launch.command());
        params.put("args", launch.args());
        params.put("cwd", launch.cwd());
        params.put("outputByteLimit", launch.outputByteLimit());
        params.put("env", launch.env().stream().map(v -> Map.of("name", v.name(), "value", v.value())).toList());
        JsonNode id = call("terminal/create", params, cancellation);
        id = id == null ? null : id.get("terminalId");
        if (id == null || !id.isString()) {
            throw new HostFailure("no terminalId in its answer");
        }
        return id.asString();
    }

    @Override
    public void waitForExit(String terminalId, Cancellation cancellation) throws HostFailure {
        call("terminal/wait_for_exit", ids(terminalId), cancellation);
    }

    @Override
    public Output output(String terminalId, Cancellation cancellation) throws HostFailure {
        JsonNode output = call("terminal/output", ids(terminalId), cancellation);
        JsonNode status = output.path("exitStatus");
        return new Output(output.path("output").asString(""), output.path("truncated").asBoolean(false),
                status.path("exitCode").isIntegralNumber() ? status.path("exitCode").asInt() : null,
                status.path("signal").isString() ? status.path("signal").asString() : null);
    }

    @Override
    public void kill(String terminalId, Cancellation cancellation) throws HostFailure {
        call("terminal/kill", ids(terminalId), cancellation);
    }

    @Override
    public void release(String terminalId, Cancellation cancellation) throws HostFailure {
        call("terminal/release", ids(terminalId), cancellation);
    }

    private JsonNode call(String method, Map<String, Object> params, Cancellation cancellation) throws HostFailure {
        try {
            return client.request(method, params, cancellation);
        } catch (JsonRpcException e) {
            throw new HostFailure(e.getMessage());
        }
    }

    private Map<String, Object> ids(String terminalId) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", sessionId);
        params.put("terminalId", terminalId);
        return params;
    }
}
