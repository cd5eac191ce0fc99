package dev.tether.session.servers;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import dev.tether.mcp.task.TaskEvents;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.Usage;
import dev.tether.session.api.EditorRequests;
import dev.tether.session.api.Frontend;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolKind;
import dev.tether.tools.permission.PermissionChoice;
import dev.tether.tools.permission.PermissionPrompt.Answer;
import dev.tether.tools.permission.PermissionPrompt;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session's side of MCP interaction: elicitations go to the editor's form or link, sampling
 * asks the user's permission and runs on the session's model (its text never enters the
 * conversation or the transcript), roots are the session's directories, and notices are shown
 * or logged — never given to the model.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/elicitation">ACP elicitation</a>
 */
public final class SessionHost implements McpHost {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionHost.class);
    }
    /** Characters of a sampling answer shown once it arrived (the request itself is shown whole). */
    static final int SAMPLING_PREVIEW_CHARS = 2000;

    private final Frontend.Ports editor;
    private final Sampler model;
    private final TaskEvents tasks;
    private final List<Path> roots;
    private final Runnable promptsChanged;

    /**
     * @param editor         the session's ports to its editor: forms, links and questions go there, and updates
     * @param model          runs a server's sampling request on the session's model
     * @param tasks          where the session's background MCP tasks report
     * @param roots          the session's directories
     * @param promptsChanged told when a server's prompts changed (the slash commands follow them)
     */
    public SessionHost(Frontend.Ports editor, Sampler model, TaskEvents tasks, List<Path> roots, Runnable promptsChanged) {
        this.editor = editor;
        this.model = model;
        this.tasks = tasks;
        this.roots = List.copyOf(roots);
        this.promptsChanged = promptsChanged;
    }

    /** Runs a request on the session's model, outside its conversation. */
    @FunctionalInterface
    public interface Sampler {
        ModelResponse sample(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException;
    }

    private EditorRequests editor() {
        return editor.requests();
    }

    /** Shows an update that is not kept in the transcript. */
    private void send(SessionEvent event) {
        editor.output().send(event);
    }

    @Override
    public boolean canElicitForm() {
        return editor().canElicitForm();
    }

    @Override
    public boolean canElicitUrl() {
        return editor().canElicitUrl();
    }

    @Override
    public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
        boolean url = Elicitation.URL.equals(request.mode());
        if (url ? !canElicitUrl() : !canElicitForm()) {
            return ElicitationReply.DECLINE;
        }
        // The user must see which server asks before they fill anything in.
        String named = "MCP server `" + request.server() + "`";
        String message = request.message().contains(named) ? request.message() : named + ": " + request.message();
        return editor().elicit(new Elicitation(request.server(), url ? Elicitation.URL : Elicitation.FORM, message,
                request.requestedSchema(), request.url(), request.elicitationId(), request.toolCallId()), cancellation);
    }

    /**
     * For editors without URL elicitation: the link as an agent message, then a permission
     * request to continue or cancel. The caller withdraws it (cancellation) once the browser's
     * redirect arrived, so a finished sign-in never waits for the click.
     */
    @Override
    public boolean offerLink(String server, String message, String url, Cancellation cancellation) {
        send(new SessionEvent.AgentMessage(null, message + "\n\n<" + url + ">\n\n"));
        String callId = "signin-" + UUID.randomUUID();
        ToolCallView view = new ToolCallView("Sign in to MCP server `" + server + "`", ToolKind.FETCH, List.of(),
                List.of(ToolDisplay.text("Open " + url + " in your browser, then continue.")));
        send(new SessionEvent.ToolCallStarted(callId, view, null));
        try {
            boolean go = editor().confirm(callId, view, cancellation);
            send(SessionEvent.ToolCallUpdated.status(callId, go ? SessionEvent.CallStatus.COMPLETED : SessionEvent.CallStatus.FAILED));
            return go;
        } catch (CancelledException e) {
            send(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.COMPLETED));
            throw e;
        } catch (HostFailure e) {
            send(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
            return false;
        }
    }

    @Override
    public SamplingReply sample(Sampling request, Cancellation cancellation) {
        String callId = "sampling-" + UUID.randomUUID();
        String title = "MCP server `" + request.server() + "` asks to use the model (up to " + request.maxTokens() + " tokens)";
        ToolCallView view = new ToolCallView(title, ToolKind.OTHER, List.of(), List.of(ToolDisplay.text(preview(request))));
        ObjectNode raw = Json.object().put("server", request.server()).put("maxTokens", request.maxTokens());
        send(new SessionEvent.ToolCallStarted(callId, view, raw));
        try {
            if (!approved(new PermissionPrompt.Question(callId, view, raw, List.of(PermissionChoice.ALLOW_ONCE, PermissionChoice.REJECT_ONCE)),
                    cancellation)) {
                send(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
                return SamplingReply.refused("the user declined the sampling request");
            }
            send(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.IN_PROGRESS));
            ModelResponse response = model.sample(new ModelRequest(null, request.systemPrompt(), request.messages(), List.of(),
                    request.maxTokens(), ThinkingLevel.OFF), SILENT, cancellation);
            String text = response.message().parts().stream().filter(Part.Text.class::isInstance)
                    .map(p -> ((Part.Text) p).text()).collect(Collectors.joining());
            send(new SessionEvent.ToolCallUpdated(callId, SessionEvent.CallStatus.COMPLETED,
                    List.of(ToolDisplay.text(text.length() > SAMPLING_PREVIEW_CHARS
                            ? text.substring(0, SAMPLING_PREVIEW_CHARS) + "…" : text)), null));
            return new SamplingReply(text, response.stopReason().name().toLowerCase(java.util.Locale.ROOT), stopReason(response), null);
        } catch (CancelledException e) {
            send(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
            return SamplingReply.refused("the sampling request was cancelled");
        } catch (ModelException | HostFailure e) {
            send(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
            return SamplingReply.refused("the model request failed: " + e.getMessage());
        }
    }

    private boolean approved(PermissionPrompt.Question question, Cancellation cancellation) throws HostFailure {
        return editor.permissions().ask(question, cancellation) instanceof Answer.Chosen chosen
                && chosen.choice() == PermissionChoice.ALLOW_ONCE;
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
    public TaskEvents taskEvents() {
        return tasks;
    }

    @Override
    public List<Path> roots() {
        return roots;
    }

    @Override
    public void notice(McpNotice notice) {
        switch (notice) {
            case McpNotice.Log log -> log().info("mcp {} [{}]{}: {}", log.server(), log.level(),
                    log.logger() == null ? "" : " " + log.logger(), log.text());
            case McpNotice.ResourceUpdated updated -> send(new SessionEvent.AgentMessage(null,
                    "ℹ MCP server `" + updated.server() + "` updated " + updated.uri() + "\n\n"));
            case McpNotice.ElicitationComplete complete -> {
                if (canElicitUrl()) {
                    editor().elicitationComplete(complete.elicitationId());
                }
            }
            case McpNotice.PromptsChanged changed -> promptsChanged.run();
        }
    }
}
