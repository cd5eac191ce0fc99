package dev.tether.acp;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.agent.StopReason;
import dev.tether.json.Json;
import dev.tether.json.Trees;
import dev.tether.jsonrpc.InboundHandler;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.Message;
import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionError;
import dev.tether.session.SessionManager;
import dev.tether.session.transcript.SessionRecord;
import dev.tether.session.SessionRuntime;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The agent side of ACP: one switch from method to session command.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/overview">ACP overview</a>
 */
public final class AcpAgent implements InboundHandler {
    /** Not a static field: slf4j sets itself up on first use, which the {@code initialize} answer must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(AcpAgent.class);
    }

    public static final int PROTOCOL_VERSION = 1;
    static final String AUTH_METHOD_ID = "env";
    /** The {@code terminal} auth method: the editor runs Tether again with {@code login} appended, in a terminal. */
    static final String LOGIN_METHOD_ID = "tether-login";

    private final SessionManager sessions;
    private final String version;
    private final Consumer<ClientCapabilities> onInitialize;

    /**
     * @param onInitialize receives the editor's capabilities (the caller re-wires session services)
     */
    public AcpAgent(SessionManager sessions, String version, Consumer<ClientCapabilities> onInitialize) {
        this.sessions = sessions;
        this.version = version;
        this.onInitialize = onInitialize;
    }

    @Override
    public JsonNode onRequest(InboundRequest request) {
        try {
            return dispatch(request);
        } catch (SessionError e) {
            throw AcpErrors.toJsonRpc(e);
        }
    }

    private JsonNode dispatch(InboundRequest request) {
        JsonNode params = request.params();
        return switch (request.method()) {
            case "initialize" -> initialize(Params.object(params, request.method()));
            case "authenticate" -> authenticate(Params.object(params, request.method()));
            case "session/new" -> newSession(Params.object(params, request.method()), request);
            case "session/load" -> restore(Params.object(params, request.method()), true, request);
            case "session/resume" -> restore(Params.object(params, request.method()), false, request);
            case "session/list" -> list(params == null || params.isNull() ? Json.object() : Params.object(params, request.method()));
            case "session/close" -> {
                sessions.close(Params.string(Params.object(params, request.method()), "sessionId"));
                yield Json.object();
            }
            case "session/delete" -> {
                sessions.delete(Params.string(Params.object(params, request.method()), "sessionId"));
                yield Json.object();
            }
            case "session/prompt" -> prompt(Params.object(params, request.method()), request);
            case "session/set_mode" -> {
                JsonNode p = Params.object(params, request.method());
                sessions.get(Params.string(p, "sessionId")).setMode(Params.string(p, "modeId"));
                yield Json.object();
            }
            case "session/set_config_option" -> setConfigOption(Params.object(params, request.method()));
            default -> throw JsonRpcException.methodNotFound(request.method());
        };
    }

    @Override
    public void onNotification(Message.Notification notification) {
        if ("session/cancel".equals(notification.method())) {
            JsonNode id = notification.params() == null ? null : notification.params().get("sessionId");
            if (id != null && id.isString()) {
                sessions.cancel(id.asString());
            }
        } else if (!notification.method().startsWith("_")) {
            log().debug("ignoring notification {}", notification.method());
        }
    }

    private JsonNode initialize(JsonNode params) {
        ClientCapabilities client = ClientCapabilities.from(params.get("clientCapabilities"));
        onInitialize.accept(client);
        return Trees.fromPlain(InitializeResult.of(version, client));
    }

    private JsonNode authenticate(JsonNode params) {
        String method = Params.string(params, "methodId");
        // The terminal method is not meant to reach authenticate (the editor only runs it); an editor
        // that sends it anyway gets the same re-check, which finds a key `tether login` stored.
        if (!AUTH_METHOD_ID.equals(method) && !LOGIN_METHOD_ID.equals(method)) {
            throw JsonRpcException.invalidParams("Invalid params: unknown auth method \"" + method + "\"");
        }
        String missing = sessions.services().models().missingCredentials();
        if (missing != null) {
            throw new JsonRpcException(JsonRpcError.AUTH_REQUIRED, missing);
        }
        return Json.object();
    }

    private void requireCredentials() {
        String missing = sessions.services().models().missingCredentials();
        if (missing != null) {
            throw new JsonRpcException(JsonRpcError.AUTH_REQUIRED, "Authentication required: " + missing);
        }
    }

    private JsonNode newSession(JsonNode params, InboundRequest request) {
        Path cwd = Params.absolutePath(Params.string(params, "cwd"), "cwd");
        List<Path> dirs = Params.directories(params, "additionalDirectories");
        var servers = McpServerParams.read(params, true);
        requireCredentials();
        SessionRuntime runtime = sessions.create(cwd, dirs, servers);
        request.afterResponse(runtime::startPublishingCommands);
        ObjectNode result = sessionState(runtime);
        result.put("sessionId", runtime.id().value());
        return result;
    }

    private JsonNode restore(JsonNode params, boolean replay, InboundRequest request) {
        String sessionId = Params.string(params, "sessionId");
        Path cwd = Params.absolutePath(Params.string(params, "cwd"), "cwd");
        List<Path> dirs = Params.directories(params, "additionalDirectories");
        var servers = McpServerParams.read(params, replay);
        requireCredentials();
        SessionRuntime runtime = sessions.restore(sessionId, cwd, dirs, servers, replay);
        request.afterResponse(runtime::startPublishingCommands);
        return sessionState(runtime);
    }

    private static ObjectNode sessionState(SessionRuntime runtime) {
        ObjectNode result = Json.object();
        result.set("modes", SessionEvents.modes(runtime.mode()));
        result.set("configOptions", SessionEvents.configOptionsTree(runtime.configOptions()));
        return result;
    }

    private JsonNode list(JsonNode params) {
        String cwd = Params.optionalString(params, "cwd");
        SessionManager.Page page = sessions.list(cwd == null ? null : Params.absolutePath(cwd, "cwd"), Params.optionalString(params, "cursor"));
        ObjectNode result = Json.object();
        var array = result.putArray("sessions");
        for (SessionRecord.Summary s : page.sessions()) {
            ObjectNode item = array.addObject();
            item.put("sessionId", s.meta().sessionId().value());
            item.put("cwd", s.meta().cwd().toString());
            if (!s.meta().additionalDirectories().isEmpty()) {
                var dirs = item.putArray("additionalDirectories");
                s.meta().additionalDirectories().forEach(d -> dirs.add(d.toString()));
            }
            if (s.title() != null) {
                item.put("title", s.title());
            }
            item.put("updatedAt", s.updatedAt().toString());
        }
        if (page.nextCursor() != null) {
            result.put("nextCursor", page.nextCursor());
        }
        return result;
    }

    private JsonNode prompt(JsonNode params, InboundRequest request) {
        SessionRuntime runtime = sessions.get(Params.string(params, "sessionId"));
        JsonNode prompt = params.get("prompt");
        if (prompt == null || !prompt.isArray() || prompt.isEmpty()) {
            throw JsonRpcException.invalidParams("Invalid params: \"prompt\" must be a non-empty array of content blocks");
        }
        List<PromptBlock> blocks = new ArrayList<>();
        int index = 0;
        for (JsonNode block : prompt) {
            try {
                PromptBlock read = SessionEvents.fromAcp(Json.convert(block, ContentBlock.class));
                // initialize said promptCapabilities.audio: false; a turn that silently dropped the recording would mislead.
                if (read instanceof PromptBlock.Audio) {
                    throw JsonRpcException.invalidParams("Invalid params: prompt[" + index + "] is audio, which Tether does not take"
                            + " (promptCapabilities.audio is false); send it as text or as a file instead");
                }
                blocks.add(read);
            } catch (JacksonException e) {
                throw JsonRpcException.invalidParams("Invalid params: prompt[" + index + "] is not a valid content block"
                        + " (type \"" + block.path("type").asString("?") + "\")");
            }
            index++;
        }
        StopReason stop = runtime.prompt(blocks, request.cancellation());
        return Json.object().put("stopReason", SessionEvents.stopReason(stop));
    }

    private JsonNode setConfigOption(JsonNode params) {
        SessionRuntime runtime = sessions.get(Params.string(params, "sessionId"));
        String configId = Params.string(params, "configId");
        JsonNode value = params.get("value");
        if (value == null || !value.isString()) {
            throw JsonRpcException.invalidParams("Invalid params: \"value\" must be a string value id");
        }
        ObjectNode result = Json.object();
        result.set("configOptions", SessionEvents.configOptionsTree(runtime.setConfigOption(configId, value.asString())));
        return result;
    }
}
