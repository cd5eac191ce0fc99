package dev.tether.acp;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.McpServer;
import dev.tether.acp.schema.agent.AuthenticateRequest;
import dev.tether.acp.schema.agent.AuthenticateResponse;
import dev.tether.acp.schema.agent.CancelNotification;
import dev.tether.acp.schema.agent.CloseSessionRequest;
import dev.tether.acp.schema.agent.CloseSessionResponse;
import dev.tether.acp.schema.agent.DeleteSessionRequest;
import dev.tether.acp.schema.agent.DeleteSessionResponse;
import dev.tether.acp.schema.agent.ForkSessionRequest;
import dev.tether.acp.schema.agent.ForkSessionResponse;
import dev.tether.acp.schema.agent.InitializeRequest;
import dev.tether.acp.schema.agent.InitializeResponse;
import dev.tether.acp.schema.agent.ListSessionsRequest;
import dev.tether.acp.schema.agent.ListSessionsResponse;
import dev.tether.acp.schema.agent.LoadSessionRequest;
import dev.tether.acp.schema.agent.LoadSessionResponse;
import dev.tether.acp.schema.agent.NewSessionRequest;
import dev.tether.acp.schema.agent.NewSessionResponse;
import dev.tether.acp.schema.agent.PromptRequest;
import dev.tether.acp.schema.agent.PromptResponse;
import dev.tether.acp.schema.agent.ResumeSessionRequest;
import dev.tether.acp.schema.agent.ResumeSessionResponse;
import dev.tether.acp.schema.agent.SetSessionConfigOptionRequest;
import dev.tether.acp.schema.agent.SetSessionConfigOptionResponse;
import dev.tether.acp.schema.agent.SetSessionModeRequest;
import dev.tether.acp.schema.agent.SetSessionModeResponse;
import dev.tether.json.Json;
import dev.tether.jsonrpc.InboundHandler;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.Message;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.session.SessionManager;
import dev.tether.session.SessionRuntime;
import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionError;
import dev.tether.session.transcript.SessionRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The agent side of ACP: one switch from method to session command. Each request's params are
 * read as their record and each answer is written from its record by the mapper, but for the
 * methods on the path of a new editor's first turn, which the mapper would make slower:
 * {@link SessionSetupJson} ({@code session/new}, {@code load}, {@code resume}) and
 * {@link PromptJson} read and write those by hand.
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
            return Json.tree(dispatch(request));
        } catch (SessionError e) {
            throw AcpErrors.toJsonRpc(e);
        }
    }

    /** The answer: a record of {@code acp.schema.agent}, or a tree written by hand. */
    private Object dispatch(InboundRequest request) {
        return switch (request.method()) {
            case "initialize" -> initialize(Params.read(request, InitializeRequest.class));
            case "authenticate" -> authenticate(Params.read(request, AuthenticateRequest.class));
            case "session/new" -> SessionSetupJson.tree(newSession(SessionSetupJson.newSession(Params.object(request)), request));
            case "session/load" -> SessionSetupJson.tree(load(SessionSetupJson.load(Params.object(request)), request));
            case "session/resume" -> SessionSetupJson.tree(resume(SessionSetupJson.resume(Params.object(request)), request));
            case "session/fork" -> fork(SessionSetupJson.fork(Params.object(request)), request);
            case "session/list" -> list(request.params() == null || request.params().isNull() ? ListSessionsRequest.ALL
                    : Params.read(request, ListSessionsRequest.class));
            case "session/close" -> close(Params.read(request, CloseSessionRequest.class));
            case "session/delete" -> delete(Params.read(request, DeleteSessionRequest.class));
            case "session/prompt" -> PromptJson.tree(prompt(PromptJson.read(Params.object(request)), request));
            case "session/set_mode" -> setMode(Params.read(request, SetSessionModeRequest.class));
            case "session/set_config_option" -> setConfigOption(Params.read(request, SetSessionConfigOptionRequest.class));
            default -> throw JsonRpcException.methodNotFound(request.method());
        };
    }

    @Override
    public void onNotification(Message.Notification notification) {
        if ("session/cancel".equals(notification.method())) {
            // A cancel that names no session (or not as a string) has nothing to cancel: ignored, as ACP notifications are.
            CancelNotification cancel = cancel(notification.params());
            if (cancel.sessionId() != null) {
                sessions.cancel(cancel.sessionId());
            }
        } else if (!notification.method().startsWith("_")) {
            log().debug("ignoring notification {}", notification.method());
        }
    }

    /** Read by hand: notifications run on the reader thread, which must not wait for the mapper to be built. */
    private static CancelNotification cancel(JsonNode params) {
        JsonNode id = params == null ? null : params.get("sessionId");
        return new CancelNotification(id != null && id.isString() ? id.asString() : null);
    }

    private InitializeResponse initialize(InitializeRequest params) {
        ClientCapabilities client = ClientCapabilities.from(params.clientCapabilities());
        onInitialize.accept(client);
        return InitializeResult.of(version, client);
    }

    private AuthenticateResponse authenticate(AuthenticateRequest params) {
        String method = Params.required(params.methodId(), "methodId");
        // The terminal method is not meant to reach authenticate (the editor only runs it); an editor
        // that sends it anyway gets the same re-check, which finds a key `tether login` stored.
        if (!AUTH_METHOD_ID.equals(method) && !LOGIN_METHOD_ID.equals(method)) {
            throw JsonRpcException.invalidParams("Invalid params: unknown auth method \"" + method + "\"");
        }
        String missing = sessions.services().models().missingCredentials();
        if (missing != null) {
            throw new JsonRpcException(JsonRpcError.AUTH_REQUIRED, missing);
        }
        return new AuthenticateResponse();
    }

    private void requireCredentials() {
        String missing = sessions.services().models().missingCredentials();
        if (missing != null) {
            throw new JsonRpcException(JsonRpcError.AUTH_REQUIRED, "Authentication required: " + missing);
        }
    }

    private NewSessionResponse newSession(NewSessionRequest params, InboundRequest request) {
        Path cwd = Params.absolutePath(Params.required(params.cwd(), "cwd"), "cwd");
        List<Path> dirs = Params.directories(params.additionalDirectories(), "additionalDirectories");
        List<McpServerSpec> servers = McpServerParams.specs(requiredServers(params.mcpServers()));
        requireCredentials();
        SessionRuntime runtime = sessions.create(cwd, dirs, servers);
        request.afterResponse(runtime::startPublishingCommands);
        return new NewSessionResponse(runtime.id().value(), SessionEvents.modes(runtime.mode()),
                SessionEvents.configOptions(runtime.configOptions()));
    }

    private LoadSessionResponse load(LoadSessionRequest params, InboundRequest request) {
        SessionRuntime runtime = restore(params.sessionId(), params.cwd(), params.additionalDirectories(), params.mcpServers(), true,
                request);
        return new LoadSessionResponse(SessionEvents.modes(runtime.mode()), SessionEvents.configOptions(runtime.configOptions()));
    }

    private ResumeSessionResponse resume(ResumeSessionRequest params, InboundRequest request) {
        SessionRuntime runtime = restore(params.sessionId(), params.cwd(), params.additionalDirectories(), params.mcpServers(), false,
                request);
        return new ResumeSessionResponse(SessionEvents.modes(runtime.mode()), SessionEvents.configOptions(runtime.configOptions()));
    }

    /** {@code session/load} ({@code replay}, which requires {@code mcpServers}) or {@code session/resume}. */
    private SessionRuntime restore(String sessionId, String cwd, List<String> additionalDirectories, List<McpServer> mcpServers,
                                   boolean replay, InboundRequest request) {
        String id = Params.required(sessionId, "sessionId");
        Path dir = Params.absolutePath(Params.required(cwd, "cwd"), "cwd");
        List<Path> dirs = Params.directories(additionalDirectories, "additionalDirectories");
        List<McpServerSpec> servers = McpServerParams.specs(replay ? requiredServers(mcpServers)
                : mcpServers == null ? List.of() : mcpServers);
        requireCredentials();
        SessionRuntime runtime = sessions.restore(id, dir, dirs, servers, replay);
        if (replay) {
            // The commands close the replay: after the answer only a change is sent (decisions.md, ACP-LOAD-002).
            runtime.publishCommands();
        }
        request.afterResponse(runtime::startPublishingCommands);
        return runtime;
    }

    /** {@code session/fork}: answered like {@code session/new}; the fork's updates come after the answer, as a new session's do. */
    private ForkSessionResponse fork(ForkSessionRequest params, InboundRequest request) {
        String source = Params.required(params.sessionId(), "sessionId");
        Path cwd = Params.absolutePath(Params.required(params.cwd(), "cwd"), "cwd");
        List<Path> dirs = Params.directories(params.additionalDirectories(), "additionalDirectories");
        List<McpServerSpec> servers = params.mcpServers() == null ? null : McpServerParams.specs(params.mcpServers());
        requireCredentials();
        SessionRuntime runtime = sessions.fork(source, cwd, dirs, servers);
        request.afterResponse(runtime::startPublishingCommands);
        return new ForkSessionResponse(runtime.id().value(), SessionEvents.modes(runtime.mode()),
                SessionEvents.configOptions(runtime.configOptions()));
    }

    /** {@code session/new} and {@code load} require the list; null stands for an absent one. */
    private static List<McpServer> requiredServers(List<McpServer> servers) {
        if (servers == null) {
            throw JsonRpcException.invalidParams("Invalid params: \"mcpServers\" is required (use [] for none)");
        }
        return servers;
    }

    private ListSessionsResponse list(ListSessionsRequest params) {
        Path cwd = params.cwd() == null ? null : Params.absolutePath(params.cwd(), "cwd");
        SessionManager.Page page = sessions.list(cwd, params.cursor());
        List<ListSessionsResponse.SessionInfo> infos = new ArrayList<>();
        for (SessionRecord.Summary s : page.sessions()) {
            List<Path> dirs = s.meta().additionalDirectories();
            infos.add(new ListSessionsResponse.SessionInfo(s.meta().sessionId().value(), s.meta().cwd().toString(),
                    dirs.isEmpty() ? null : dirs.stream().map(Path::toString).toList(), s.title(), s.updatedAt().toString()));
        }
        return new ListSessionsResponse(infos, page.nextCursor());
    }

    private CloseSessionResponse close(CloseSessionRequest params) {
        sessions.close(Params.required(params.sessionId(), "sessionId"));
        return new CloseSessionResponse();
    }

    private DeleteSessionResponse delete(DeleteSessionRequest params) {
        sessions.delete(Params.required(params.sessionId(), "sessionId"));
        return new DeleteSessionResponse();
    }

    private PromptResponse prompt(PromptRequest params, InboundRequest request) {
        SessionRuntime runtime = sessions.get(Params.required(params.sessionId(), "sessionId"));
        List<ContentBlock> prompt = params.prompt();
        if (prompt == null || prompt.isEmpty()) {
            throw JsonRpcException.invalidParams("Invalid params: \"prompt\" must be a non-empty array of content blocks");
        }
        List<PromptBlock> blocks = new ArrayList<>();
        for (int index = 0; index < prompt.size(); index++) {
            if (prompt.get(index) == null) {
                throw JsonRpcException.invalidParams("Invalid params: prompt[" + index + "] is not a content block");
            }
            PromptBlock read = SessionEvents.fromAcp(prompt.get(index));
            // initialize said promptCapabilities.audio: false; a turn that silently dropped the recording would mislead.
            if (read instanceof PromptBlock.Audio) {
                throw JsonRpcException.invalidParams("Invalid params: prompt[" + index + "] is audio, which Tether does not take"
                        + " (promptCapabilities.audio is false); send it as text or as a file instead");
            }
            blocks.add(read);
        }
        var stop = runtime.prompt(blocks, request.cancellation());
        dev.tether.model.Usage used = runtime.lastTurnUsage();
        PromptResponse.Usage usage = used.contextTokens() <= 0 ? null : new PromptResponse.Usage(used.inputTokens(),
                used.outputTokens(), used.cacheReadTokens(), used.cacheWriteTokens());
        String failed = runtime.lastTurnFailure();
        tools.jackson.databind.node.ObjectNode meta = null;
        if (failed != null) {
            meta = dev.tether.json.Json.object();
            meta.putObject("tether").put("turnFailed", failed);
        }
        return new PromptResponse(SessionEvents.toAcp(stop), usage, meta);
    }

    private SetSessionModeResponse setMode(SetSessionModeRequest params) {
        sessions.get(Params.required(params.sessionId(), "sessionId")).setMode(Params.required(params.modeId(), "modeId"));
        return new SetSessionModeResponse();
    }

    private SetSessionConfigOptionResponse setConfigOption(SetSessionConfigOptionRequest params) {
        SessionRuntime runtime = sessions.get(Params.required(params.sessionId(), "sessionId"));
        String configId = Params.required(params.configId(), "configId");
        if (params.value() == null) {
            throw JsonRpcException.invalidParams("Invalid params: \"value\" must be a string value id");
        }
        return new SetSessionConfigOptionResponse(SessionEvents.configOptions(runtime.setConfigOption(configId, params.value())));
    }
}
