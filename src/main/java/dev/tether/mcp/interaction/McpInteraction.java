package dev.tether.mcp.interaction;

import dev.tether.json.Json;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.interaction.elicitation.ElicitationFlow;
import dev.tether.mcp.interaction.elicitation.ElicitationHook;
import dev.tether.mcp.interaction.elicitation.InFlightCalls;
import dev.tether.mcp.interaction.elicitation.ToolCallScope;
import dev.tether.mcp.interaction.elicitation.UrlElicitationRetry;
import dev.tether.mcp.interaction.logs.LogBook;
import dev.tether.mcp.interaction.logs.ServerLogs;
import dev.tether.mcp.interaction.sampling.SamplingGate;
import dev.tether.security.UnicodeSanitizer;
import java.nio.file.Path;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The interaction half of one session's MCP runtime: answers what servers ask of the client
 * ({@code roots/list}, {@code sampling/createMessage}, {@code elicitation/create}), takes their
 * {@code notifications/message} and {@code notifications/elicitation/complete}, and wraps tool
 * calls ({@link #toolCalls()}) for scoping and the -32042 retry. A request for something Tether
 * did not declare to that server (see {@link ClientCapabilities}) is -32601.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client">MCP client features</a>
 */
public final class McpInteraction implements ServerRequestHandler {
    private final McpHost host;
    private final Function<String, ServerGrants> grants;
    private final InFlightCalls calls = new InFlightCalls();
    private final ElicitationFlow elicitations;
    private final SamplingGate sampling;
    private final LogBook logs;
    private final UrlElicitationRetry toolCalls;
    private final InteractionSettings settings;

    /**
     * @param host   the session behind the runtime: elicitation, sampling, roots, notices
     * @param grants what each server's policy lets it ask for, by server name
     */
    public McpInteraction(McpHost host, Function<String, ServerGrants> grants, InteractionSettings settings,
                          ElicitationHook hook) {
        this.host = host;
        this.grants = grants;
        this.settings = settings;
        this.elicitations = new ElicitationFlow(host, hook, calls, settings.elicitationTimeout());
        this.sampling = new SamplingGate(host, settings.maxSamplingTokens(), calls::onCancel);
        this.logs = new LogBook((server, entry) -> host.notice(new McpNotice.Log(server, entry.level(), entry.logger(), entry.text())),
                settings.logEntries(), settings.logEntryBytes());
        this.toolCalls = new UrlElicitationRetry(calls, elicitations, settings.urlRetries(), settings.urlCompletionWait());
    }

    /** Default limits; every elicitation goes to the user. */
    public static McpInteraction of(McpHost host, Function<String, ServerGrants> grants) {
        return new McpInteraction(host, grants, InteractionSettings.DEFAULT, ElicitationHook.PASS);
    }

    public InteractionSettings settings() {
        return settings;
    }

    /** Wraps each call of a projected tool. */
    public ToolCallScope toolCalls() {
        return toolCalls;
    }

    /** The server's recent log messages; the caller adds its stderr excerpt. */
    public ServerLogs logs(String server, String stderr) {
        return new ServerLogs(server, logs.recent(server), logs.suppressed(server), stderr);
    }

    @Override
    public JsonNode handle(String server, InboundRequest request) {
        ServerGrants granted = grants.apply(server);
        return switch (request.method()) {
            case "roots/list" -> {
                if (!granted.exposeRoots()) {
                    throw notOffered(request.method());
                }
                yield roots();
            }
            case "sampling/createMessage" -> {
                if (!granted.sampling()) {
                    throw notOffered(request.method());
                }
                yield sampling.handle(server, request.params(), request.cancellation());
            }
            case "elicitation/create" -> {
                if (!host.canElicitForm() && !host.canElicitUrl()) {
                    throw notOffered(request.method());
                }
                yield elicitations.handle(server, request.params(), request.cancellation());
            }
            default -> throw JsonRpcException.methodNotFound(request.method());
        };
    }

    @Override
    public void onNotification(String server, String method, JsonNode params) {
        switch (method) {
            case "notifications/message" -> logs.record(server, params);
            case "notifications/elicitation/complete" -> {
                JsonNode id = params == null ? null : params.get("elicitationId");
                if (id != null && id.isString() && UnicodeSanitizer.isClean(id.asString()) && id.asString().length() <= 256) {
                    toolCalls.complete(server, id.asString());
                    host.notice(new McpNotice.ElicitationComplete(server, id.asString()));
                }
            }
            default -> { }
        }
    }

    private JsonNode roots() {
        ObjectNode result = Json.object();
        ArrayNode list = result.putArray("roots");
        for (Path dir : host.roots()) {
            Path absolute = dir.toAbsolutePath().normalize();
            ObjectNode root = list.addObject();
            root.put("uri", absolute.toUri().toString());
            Path name = absolute.getFileName();
            root.put("name", name == null ? absolute.toString() : name.toString());
        }
        return result;
    }

    private static JsonRpcException notOffered(String method) {
        return new JsonRpcException(JsonRpcError.METHOD_NOT_FOUND, method + " is not offered by this client");
    }
}
