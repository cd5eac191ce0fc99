package dev.tether.session;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.PermissionOption;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.acp.schema.ToolKind;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.interaction.Elicitation;
import dev.tether.mcp.interaction.ElicitationReply;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.Sampling;
import dev.tether.mcp.interaction.SamplingReply;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.Usage;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session's side of MCP interaction: elicitations go to the editor as ACP
 * {@code elicitation/create}, sampling asks the user with {@code session/request_permission} and
 * runs on the session's model (its text never enters the conversation or the transcript),
 * roots are the session's directories, and notices are shown or logged — never given to the model.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/elicitation">ACP elicitation</a>
 */
final class SessionHost implements McpHost {
    private static final Logger LOG = LoggerFactory.getLogger(SessionHost.class);
    /** Characters of a sampling answer shown once it arrived (the request itself is shown whole). */
    static final int SAMPLING_PREVIEW_CHARS = 2000;

    private final SessionRuntime session;

    SessionHost(SessionRuntime session) {
        this.session = session;
    }

    private ClientCapabilities capabilities() {
        return session.services().clientCapabilities();
    }

    @Override
    public boolean canElicitForm() {
        return capabilities().elicitationForm();
    }

    @Override
    public boolean canElicitUrl() {
        return capabilities().elicitationUrl();
    }

    @Override
    public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
        boolean url = "url".equals(request.mode());
        if (url ? !canElicitUrl() : !canElicitForm()) {
            return ElicitationReply.DECLINE;
        }
        ObjectNode params = Json.object();
        params.put("sessionId", session.id().value());
        if (request.toolCallId() != null) {
            params.put("toolCallId", request.toolCallId());
        }
        params.put("mode", url ? "url" : "form");
        String named = "MCP server `" + request.server() + "`";
        params.put("message", request.message().contains(named) ? request.message() : named + ": " + request.message());
        if (url) {
            params.put("elicitationId", request.elicitationId());
            params.put("url", request.url());
        } else {
            params.set("requestedSchema", request.requestedSchema());
        }
        try {
            JsonNode answer = session.services().client().request("elicitation/create", params, cancellation);
            String action = answer.path("action").asString("cancel");
            return switch (action) {
                case "accept" -> new ElicitationReply("accept", answer.get("content"));
                case "decline" -> ElicitationReply.DECLINE;
                default -> ElicitationReply.CANCEL;
            };
        } catch (CancelledException e) {
            return ElicitationReply.CANCEL;
        } catch (JsonRpcException e) {
            LOG.warn("session {}: elicitation for {} failed in the editor: {}", session.id(), request.server(), e.getMessage());
            return ElicitationReply.CANCEL;
        }
    }

    /**
     * For editors without URL elicitation: the link as an agent message, then a permission
     * request to continue or cancel. The caller withdraws it (cancellation) once the browser's
     * redirect arrived, so a finished sign-in never waits for the click.
     */
    @Override
    public boolean offerLink(String server, String message, String url, Cancellation cancellation) {
        session.send(new SessionUpdate.AgentMessageChunk(new ContentBlock.Text(message + "\n\n<" + url + ">\n\n"), null));
        String callId = "signin-" + UUID.randomUUID();
        ToolCallFields call = new ToolCallFields(callId, "Sign in to MCP server `" + server + "`", ToolKind.FETCH, ToolCallStatus.PENDING,
                List.of(ToolCallContent.Content.text("Open " + url + " in your browser, then continue.")), List.of(), null, null);
        session.send(new SessionUpdate.ToolCall(call));
        try {
            ObjectNode params = Json.object();
            params.put("sessionId", session.id().value());
            params.set("toolCall", Json.tree(call));
            params.set("options", Json.tree(List.of(new PermissionOption("allow_once", "Continue", "allow_once"),
                    new PermissionOption("reject_once", "Cancel", "reject_once"))));
            JsonNode outcome = session.services().client().request("session/request_permission", params, cancellation).path("outcome");
            boolean go = "selected".equals(outcome.path("outcome").asString()) && "allow_once".equals(outcome.path("optionId").asString());
            session.send(new SessionUpdate.ToolCallUpdate(ToolCallFields.status(callId, go ? ToolCallStatus.COMPLETED : ToolCallStatus.FAILED)));
            return go;
        } catch (CancelledException e) {
            session.send(new SessionUpdate.ToolCallUpdate(ToolCallFields.status(callId, ToolCallStatus.COMPLETED)));
            throw e;
        } catch (JsonRpcException e) {
            session.send(new SessionUpdate.ToolCallUpdate(ToolCallFields.status(callId, ToolCallStatus.FAILED)));
            return false;
        }
    }

    @Override
    public SamplingReply sample(Sampling request, Cancellation cancellation) {
        String callId = "sampling-" + UUID.randomUUID();
        String title = "MCP server `" + request.server() + "` asks to use the model (up to " + request.maxTokens() + " tokens)";
        List<ToolCallContent> preview = List.of(ToolCallContent.Content.text(preview(request)));
        ObjectNode raw = Json.object().put("server", request.server()).put("maxTokens", request.maxTokens());
        ToolCallFields call = new ToolCallFields(callId, title, ToolKind.OTHER, ToolCallStatus.PENDING, preview, List.of(), raw, null);
        session.send(new SessionUpdate.ToolCall(call));
        try {
            if (!approved(call, cancellation)) {
                session.send(new SessionUpdate.ToolCallUpdate(ToolCallFields.status(callId, ToolCallStatus.FAILED)));
                return SamplingReply.refused("the user declined the sampling request");
            }
            session.send(new SessionUpdate.ToolCallUpdate(ToolCallFields.status(callId, ToolCallStatus.IN_PROGRESS)));
            ModelResponse response = session.sampleModel(new ModelRequest(null, request.systemPrompt(), request.messages(), List.of(),
                    request.maxTokens(), ThinkingLevel.OFF), SILENT, cancellation);
            String text = response.message().parts().stream().filter(Part.Text.class::isInstance)
                    .map(p -> ((Part.Text) p).text()).collect(Collectors.joining());
            session.send(new SessionUpdate.ToolCallUpdate(new ToolCallFields(callId, null, null, ToolCallStatus.COMPLETED,
                    List.of(ToolCallContent.Content.text(text.length() > SAMPLING_PREVIEW_CHARS
                            ? text.substring(0, SAMPLING_PREVIEW_CHARS) + "…" : text)), null, null, null)));
            return new SamplingReply(text, response.stopReason().name().toLowerCase(java.util.Locale.ROOT), stopReason(response), null);
        } catch (CancelledException e) {
            session.send(new SessionUpdate.ToolCallUpdate(ToolCallFields.status(callId, ToolCallStatus.FAILED)));
            return SamplingReply.refused("the sampling request was cancelled");
        } catch (ModelException | JsonRpcException e) {
            session.send(new SessionUpdate.ToolCallUpdate(ToolCallFields.status(callId, ToolCallStatus.FAILED)));
            return SamplingReply.refused("the model request failed: " + e.getMessage());
        }
    }

    private boolean approved(ToolCallFields call, Cancellation cancellation) {
        ObjectNode params = Json.object();
        params.put("sessionId", session.id().value());
        params.set("toolCall", Json.tree(call));
        params.set("options", Json.tree(List.of(PermissionOption.ALLOW_ONCE, PermissionOption.REJECT_ONCE)));
        JsonNode outcome = session.services().client().request("session/request_permission", params, cancellation).path("outcome");
        return "selected".equals(outcome.path("outcome").asString()) && "allow_once".equals(outcome.path("optionId").asString());
    }

    private static String stopReason(ModelResponse response) {
        return switch (response.stopReason()) {
            case MAX_TOKENS, CONTEXT_WINDOW_EXCEEDED -> "maxTokens";
            default -> "endTurn";
        };
    }

    /** The whole request: the gate refused any longer than {@link Sampling#MAX_REVIEW_CHARS}, so nothing is cut. */
    private static String preview(Sampling request) {
        return request.transcript();
    }

    private static final ModelEvents SILENT = new ModelEvents() {
        @Override
        public void onText(String delta) {}

        @Override
        public void onThinking(String delta) {}

        @Override
        public void onToolUse(Part.ToolUse toolUse) {}

        @Override
        public void onUsage(Usage usage) {}
    };

    @Override
    public List<Path> roots() {
        return session.workspace().roots();
    }

    @Override
    public void notice(McpNotice notice) {
        switch (notice) {
            case McpNotice.Log log -> LOG.info("mcp {} [{}]{}: {}", log.server(), log.level(),
                    log.logger() == null ? "" : " " + log.logger(), log.text());
            case McpNotice.ResourceUpdated updated -> session.send(new SessionUpdate.AgentMessageChunk(new ContentBlock.Text(
                    "ℹ MCP server `" + updated.server() + "` updated " + updated.uri() + "\n\n"), null));
            case McpNotice.ElicitationComplete complete -> {
                if (canElicitUrl()) {
                    session.services().client().notify("elicitation/complete", Json.object().put("elicitationId", complete.elicitationId()));
                }
            }
            case McpNotice.PromptsChanged changed -> session.publishCommands();
        }
    }
}
