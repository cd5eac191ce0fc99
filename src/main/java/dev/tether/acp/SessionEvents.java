package dev.tether.acp;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.agent.StopReason;
import dev.tether.json.Json;
import dev.tether.json.Trees;
import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionOption;
import dev.tether.tools.SessionMode;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one mapping between a session's vocabulary and ACP's: each {@link SessionEvent} as the
 * {@code session/update} it is sent as, prompt content both ways, config options and modes as
 * the session setup answers show them, and a turn's {@link StopReason}.
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
        };
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

    /**
     * The config options as the {@code session/new}, {@code session/load} and
     * {@code session/set_config_option} answers carry them: the tree the mapper makes of
     * {@link #configOptions} (no null fields), built by hand so that answering the first session
     * does not wait for the mapper to introspect the schema records ({@code SessionEventsTest}
     * keeps the two equal).
     */
    public static ArrayNode configOptionsTree(List<SessionOption> options) {
        ArrayNode array = Trees.array();
        for (SessionOption o : options) {
            ObjectNode option = array.addObject();
            option.put("type", "select");
            option.put("id", o.id());
            putIfPresent(option, "name", o.name());
            putIfPresent(option, "description", o.description());
            putIfPresent(option, "category", o.category());
            putIfPresent(option, "currentValue", o.currentValue());
            ArrayNode choices = option.putArray("options");
            for (SessionOption.Choice c : o.options()) {
                ObjectNode choice = choices.addObject();
                putIfPresent(choice, "value", c.value());
                putIfPresent(choice, "name", c.name());
                putIfPresent(choice, "description", c.description());
            }
        }
        return array;
    }

    private static void putIfPresent(ObjectNode node, String name, String value) {
        if (value != null) {
            node.put(name, value);
        }
    }

    /** The session's modes as {@code session/new} and {@code session/load} answer them, {@code current} first. */
    static ObjectNode modes(SessionMode current) {
        ObjectNode modes = Json.object();
        modes.put("currentModeId", current.id());
        var available = modes.putArray("availableModes");
        for (SessionMode m : SessionMode.values()) {
            available.addObject().put("id", m.id()).put("name", m.displayName()).put("description", m.description());
        }
        return modes;
    }

    /** The wire name of a turn's end, as {@code session/prompt} answers it. */
    static String stopReason(StopReason reason) {
        return switch (reason) {
            case END_TURN -> "end_turn";
            case MAX_TOKENS -> "max_tokens";
            case MAX_TURN_REQUESTS -> "max_turn_requests";
            case REFUSAL -> "refusal";
            case CANCELLED -> "cancelled";
        };
    }
}
