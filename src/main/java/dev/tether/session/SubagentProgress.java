package dev.tether.session;

import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionOutput;
import dev.tether.tools.Progress;
import dev.tether.tools.ToolDisplay;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A subagent's session shown where the host has no child sessions: as the live content of the
 * parent's {@code agent} tool call — one line per tool call it makes, with how it ended, and the
 * message it is writing. Its transcript still records every event as the host renders it.
 */
final class SubagentProgress implements SessionOutput {
    /** Named default: the tail of the subagent's message shown under its calls. */
    static final int MESSAGE_CHARS = 2000;

    private final SessionOutput renderer;
    private final Progress progress;
    private final Map<String, String> calls = new LinkedHashMap<>();
    private final Map<String, String> states = new LinkedHashMap<>();
    private String messageId;
    private final StringBuilder message = new StringBuilder();

    /**
     * @param renderer the parent's output, which renders events for the child's transcript
     * @param progress the parent's agent call's display
     */
    SubagentProgress(SessionOutput renderer, Progress progress) {
        this.renderer = renderer;
        this.progress = progress;
    }

    @Override
    public synchronized JsonNode send(SessionEvent event) {
        boolean changed = switch (event) {
            case SessionEvent.ToolCallStarted started -> {
                calls.put(started.toolCallId(), started.view().title());
                states.put(started.toolCallId(), "…");
                yield true;
            }
            case SessionEvent.ToolCallUpdated updated when updated.status() != null && calls.containsKey(updated.toolCallId()) -> {
                states.put(updated.toolCallId(), switch (updated.status()) {
                    case IN_PROGRESS -> "…";
                    case COMPLETED -> "✓";
                    case FAILED -> "✗";
                });
                yield true;
            }
            case SessionEvent.AgentMessage chunk -> {
                if (chunk.messageId() == null || !chunk.messageId().equals(messageId)) {
                    messageId = chunk.messageId();
                    message.setLength(0);
                }
                message.append(chunk.text());
                yield true;
            }
            default -> false;
        };
        if (changed) {
            progress.show(List.of(ToolDisplay.text(shown())));
        }
        return renderer.render(event);
    }

    private String shown() {
        StringBuilder text = new StringBuilder();
        calls.forEach((id, title) -> text.append(states.get(id)).append(' ').append(title).append('\n'));
        if (!message.isEmpty()) {
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append(message.length() <= MESSAGE_CHARS ? message : "…" + message.substring(message.length() - MESSAGE_CHARS));
        }
        return text.toString().strip();
    }

    @Override
    public JsonNode render(SessionEvent event) {
        return renderer.render(event);
    }

    @Override
    public void replay(List<JsonNode> recorded) {
        // A subagent's session is never restored on its own.
    }
}
