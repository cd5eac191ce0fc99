package dev.tether.acp;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionModeState;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.agent.StopReason;
import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionOption;
import dev.tether.tools.SessionMode;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one mapping between a session's vocabulary and ACP's: each {@link SessionEvent} as the
 * {@code session/update} it is sent as, prompt content both ways, config options and modes as
 * the session setup answers show them, and a turn's {@link StopReason}. The values are the
 * records of {@code acp.schema}; how they are written is not decided here.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
public final class SessionEvents {
    private SessionEvents() {}

    public static SessionUpdate toAcp(SessionEvent event) {
        return switch (event) {
            case SessionEvent.UserMessage m -> new SessionUpdate.UserMessageChunk(toAcp(m.block()), m.messageId());
            case SessionEvent.AgentMessage m -> new SessionUpdate.AgentMessageChunk(new ContentBlock.Text(m.text()), m.messageId());
            case SessionEvent.AgentThought t -> new SessionUpdate.AgentThoughtChunk(new ContentBlock.Text(t.text()), t.messageId());
            case SessionEvent.ToolCallStarted c -> new SessionUpdate.ToolCall(new ToolCallFields(c.toolCallId(), c.view().title(),
                    ToolDisplays.toAcp(c.view().kind()), ToolCallStatus.PENDING, ToolDisplays.toAcp(c.view().preview()),
                    ToolDisplays.locations(c.view().locations()), c.rawInput(), null), c.name());
            case SessionEvent.ToolCallUpdated u -> new SessionUpdate.ToolCallUpdate(new ToolCallFields(u.toolCallId(), null, null,
                    status(u.status()), ToolDisplays.toAcp(u.content()), null, null, u.rawOutput()), u.name());
            case SessionEvent.PermissionDecided d -> new SessionUpdate.ToolCallUpdate(new ToolCallFields(d.toolCallId(), null, null,
                    null, null, null, null, null), null, permissionMeta(d));
            case SessionEvent.PlanUpdated p -> ToolDisplays.plan(p.entries());
            case SessionEvent.CommandsAvailable c -> new SessionUpdate.AvailableCommandsUpdate(c.commands().stream()
                    .map(command -> new SessionUpdate.AvailableCommand(command.name(), command.description(),
                            command.inputHint() == null ? null : new SessionUpdate.CommandInput(command.inputHint())))
                    .toList());
            case SessionEvent.ModeChanged m -> new SessionUpdate.CurrentModeUpdate(m.mode().id());
            case SessionEvent.TitleChanged t -> new SessionUpdate.SessionInfoUpdate(t.title(), t.updatedAt());
            case SessionEvent.UsageChanged u -> new SessionUpdate.UsageUpdate(u.used(), u.size());
            case SessionEvent.Compaction c -> new SessionUpdate.CompactionUpdate(c.compactionId(), compactionStatus(c.status()), c.error());
            case SessionEvent.CompactionSummary c -> new SessionUpdate.CompactionSummaryChunk(c.compactionId(),
                    new ContentBlock.Text(c.text()));
            case SessionEvent.Notice n -> new SessionUpdate.Notice(n.severity(), n.title(), n.description());
            case SessionEvent.SubagentChanged s -> new SessionUpdate.SubagentUpdate(s.childId(), s.title(), s.description(),
                    s.title() != null ? new SessionUpdate.SubagentCapabilities(java.util.Map.of()) : null,
                    new SessionUpdate.SubagentState(switch (s.state()) {
                        case RUNNING -> "running";
                        case REQUIRES_ACTION -> "requires_action";
                        case IDLE -> "idle";
                    }, s.state() == SessionEvent.SubagentState.IDLE ? s.stopReason() : null));
            case SessionEvent.InterSessionMessage m -> new SessionUpdate.SessionMessage(m.messageId(), m.senderId(), m.recipientId(),
                    m.senderMessageId(), List.of(new ContentBlock.Text(m.text())));
        };
    }

    /** {@code {"tether": {"permission": {"decision": …, "by": …}}}}. */
    private static JsonNode permissionMeta(SessionEvent.PermissionDecided decided) {
        ObjectNode meta = dev.tether.json.Json.object();
        meta.putObject("tether").putObject("permission").put("decision", decided.decision()).put("by", decided.by());
        return meta;
    }

    private static ToolCallStatus status(SessionEvent.CallStatus status) {
        return status == null ? null : switch (status) {
            case IN_PROGRESS -> ToolCallStatus.IN_PROGRESS;
            case COMPLETED -> ToolCallStatus.COMPLETED;
            case FAILED -> ToolCallStatus.FAILED;
        };
    }

    static String compactionStatus(SessionEvent.CompactionStatus status) {
        return switch (status) {
            case IN_PROGRESS -> "in_progress";
            case COMPLETED -> "completed";
            case FAILED -> "failed";
            case CANCELLED -> "cancelled";
        };
    }

    /** A prompt's content as the session takes it; nothing is lost, so {@link #toAcp(PromptBlock)} gives it back. */
    public static PromptBlock fromAcp(ContentBlock block) {
        return switch (block) {
            case ContentBlock.Text t -> new PromptBlock.Text(t.text());
            case ContentBlock.Image i -> new PromptBlock.Image(i.data(), i.mimeType(), i.uri());
            case ContentBlock.Audio a -> new PromptBlock.Audio(a.data(), a.mimeType());
            case ContentBlock.ResourceLink l -> new PromptBlock.ResourceLink(l.uri(), l.name(), l.title(), l.description(),
                    l.mimeType(), l.size());
            case ContentBlock.Resource r -> new PromptBlock.Resource(r.resource() == null ? null : new PromptBlock.Embedded(
                    r.resource().uri(), r.resource().mimeType(), r.resource().text(), r.resource().blob()));
        };
    }

    public static ContentBlock toAcp(PromptBlock block) {
        return switch (block) {
            case PromptBlock.Text t -> new ContentBlock.Text(t.text());
            case PromptBlock.Image i -> new ContentBlock.Image(i.data(), i.mimeType(), i.uri());
            case PromptBlock.Audio a -> new ContentBlock.Audio(a.data(), a.mimeType());
            case PromptBlock.ResourceLink l -> new ContentBlock.ResourceLink(l.uri(), l.name(), l.title(), l.description(),
                    l.mimeType(), l.size());
            case PromptBlock.Resource r -> new ContentBlock.Resource(r.resource() == null ? null : new ContentBlock.EmbeddedResource(
                    r.resource().uri(), r.resource().mimeType(), r.resource().text(), r.resource().blob()));
        };
    }

    public static List<ConfigOption> configOptions(List<SessionOption> options) {
        return options.stream().map(o -> new ConfigOption(o.id(), o.name(), o.description(), o.category(), o.currentValue(),
                o.options().stream().map(c -> new ConfigOption.Choice(c.value(), c.name(), c.description())).toList())).toList();
    }

    /** The session's modes as the session setup answers show them, {@code current} first. */
    static SessionModeState modes(SessionMode current) {
        return new SessionModeState(current.id(), Arrays.stream(SessionMode.values())
                .map(m -> new SessionModeState.SessionMode(m.id(), m.displayName(), m.description())).toList());
    }

    /** A turn's end, as {@code session/prompt} answers it. */
    static dev.tether.acp.schema.StopReason toAcp(StopReason reason) {
        return switch (reason) {
            case END_TURN -> dev.tether.acp.schema.StopReason.END_TURN;
            case MAX_TOKENS -> dev.tether.acp.schema.StopReason.MAX_TOKENS;
            case MAX_TURN_REQUESTS -> dev.tether.acp.schema.StopReason.MAX_TURN_REQUESTS;
            case REFUSAL -> dev.tether.acp.schema.StopReason.REFUSAL;
            case CANCELLED -> dev.tether.acp.schema.StopReason.CANCELLED;
        };
    }
}
