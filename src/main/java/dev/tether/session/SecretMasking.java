package dev.tether.session;

import dev.tether.base.Cancellation;
import dev.tether.agent.TurnTools;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.security.SecretRegistry;
import java.util.List;

/**
 * Masks the known secret values in what enters a session's conversation and so reaches the
 * model: every tool result (a command's output, an MCP tool's result, an error text), the
 * messages a turn starts with (the user's prompt, an MCP prompt's messages) and the messages of
 * a server's sampling request, and the instruction files in the system prompt. Updates to the
 * editor and lines of the transcript are masked where they are sent and written.
 */
final class SecretMasking {
    private final SecretRegistry secrets;

    SecretMasking(SecretRegistry secrets) {
        this.secrets = secrets;
    }

    /** {@code tools} whose results are masked before the turn loop adds them to the conversation. */
    TurnTools tools(TurnTools tools) {
        return new TurnTools() {
            @Override
            public List<ToolDefinition> prepare(Cancellation cancellation) {
                return tools.prepare(cancellation);
            }

            @Override
            public boolean parallelSafe(Part.ToolUse use) {
                return tools.parallelSafe(use);
            }

            @Override
            public Step call(Part.ToolUse use, Cancellation cancellation) {
                Step step = tools.call(use, cancellation);
                Part.ToolResult masked = (Part.ToolResult) part(step.result());
                return switch (step) {
                    case Step.Answered answered -> new Step.Answered(masked);
                    case Step.Cancelled cancelled -> new Step.Cancelled(masked);
                    case Step.Fatal fatal -> new Step.Fatal(masked, fatal.error());
                };
            }
        };
    }

    /** A text that reaches the model outside the messages (the project's instruction files in the system prompt). */
    String text(String text) {
        return secrets.isEmpty() ? text : secrets.redact(text);
    }

    List<ModelMessage> messages(List<ModelMessage> messages) {
        return secrets.isEmpty() ? messages
                : messages.stream().map(m -> new ModelMessage(m.role(), m.parts().stream().map(this::part).toList())).toList();
    }

    private Part part(Part part) {
        if (secrets.isEmpty()) {
            return part;
        }
        return switch (part) {
            case Part.Text text -> new Part.Text(secrets.redact(text.text()));
            case Part.ToolResult result -> new Part.ToolResult(result.toolUseId(),
                    result.content().stream().map(this::part).toList(), result.isError());
            case Part.ToolUse use -> new Part.ToolUse(use.id(), use.name(), secrets.redact(use.input()));
            // Images carry bytes, thinking carries a signature that must come back unchanged.
            case Part.Image image -> image;
            case Part.Thinking thinking -> thinking;
            case Part.RedactedThinking hidden -> hidden;
        };
    }
}
