package dev.tether.session.commands;

import dev.tether.base.Cancellation;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.servers.RootsHint;
import java.util.List;

/**
 * The user's {@code /mcp} command: the state of each server, and {@code reconnect},
 * {@code refresh} and {@code logs} for one of them. Answers are for the user only; nothing here
 * reaches the model.
 */
final class McpSlashCommand {
    /** How {@link McpLauncher.ServerSummary#state()} names a server whose user has to sign in again. */
    static final String NEEDS_AUTH = "needs_auth";

    private McpSlashCommand() {}

    static String run(McpLauncher.Servers servers, String input, Cancellation cancellation) {
        List<String> words = SlashCommands.tokens(input);
        if (words.isEmpty() || words.getFirst().equals("status")) {
            return status(servers.status()) + notes(servers.notes());
        }
        String verb = words.getFirst();
        if (words.size() != 2 || !List.of("reconnect", "refresh", "logs").contains(verb)) {
            return "Usage: /mcp [status] | /mcp reconnect <server> | /mcp refresh <server> | /mcp logs <server>";
        }
        String server = words.get(1);
        try {
            return switch (verb) {
                case "reconnect" -> {
                    McpLauncher.ServerSummary after = servers.reconnect(server, cancellation);
                    yield reconnected(after) + "\n\n" + status(List.of(after));
                }
                case "refresh" -> {
                    servers.refresh(server, cancellation);
                    yield "Refreshed `" + server + "`.\n\n" + status(servers.status().stream().filter(s -> s.name().equals(server)).toList());
                }
                default -> {
                    String logs = servers.logs(server);
                    yield logs.isBlank() ? "No log messages from `" + server + "`." : "Recent messages from `" + server + "`:\n\n" + dev.tether.security.CodeFence.wrap(logs, "");
                }
            };
        } catch (McpLauncher.CommandFailure e) {
            return "⚠ /mcp " + verb + " " + server + ": " + e.getMessage();
        }
    }

    /** What a reconnect came to, in plain words: ready with its counts, or why not. */
    static String reconnected(McpLauncher.ServerSummary s) {
        String name = "`" + s.name() + "`";
        String why = s.lastError() == null || s.lastError().isBlank() ? "" : ": " + s.lastError().replace("\n", " ");
        return switch (s.state()) {
            case "ready" -> "Reconnected " + name + ": ready with " + count(s.tools(), "tool") + ", "
                    + count(s.resources(), "resource") + " and " + count(s.prompts(), "prompt")
                    + (s.protocol() == null ? "" : " (MCP " + s.protocol() + ")") + ".";
            case "failed" -> "⚠ " + name + " could not be reconnected" + why;
            case NEEDS_AUTH -> "⚠ " + name + " needs you to sign in" + why;
            case "connecting", "recovering" -> "⚠ " + name + " is still connecting; it goes on in the background"
                    + " (`/mcp` shows how it ends).";
            default -> "⚠ " + name + " is " + s.state() + why;
        };
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    /** The configuration's warnings, under the table. */
    static String notes(List<String> notes) {
        if (notes.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("\nConfiguration warnings:\n");
        notes.forEach(n -> text.append("- ").append(n.replace("\n", " ")).append('\n'));
        return text.toString();
    }

    static String status(List<McpLauncher.ServerSummary> servers) {
        if (servers.isEmpty()) {
            return "No MCP servers in this session.";
        }
        StringBuilder text = new StringBuilder(
                "| server | state | transport | tools | resources | prompts | protocol | roots | last error |\n|---|---|---|---|---|---|---|---|---|\n");
        for (McpLauncher.ServerSummary s : servers) {
            text.append("| ").append(s.name()).append(" | ").append(s.state()).append(" | ").append(s.transport())
                    .append(" | ").append(s.tools()).append(" | ").append(s.resources()).append(" | ").append(s.prompts())
                    .append(" | ").append(s.protocol() == null ? "" : s.protocol())
                    .append(" | ").append(s.roots() == null ? "" : s.roots())
                    .append(" | ").append(s.lastError() == null ? "" : s.lastError().replace("|", "\\|").replace("\n", " ")).append(" |\n");
        }
        for (McpLauncher.ServerSummary s : servers) {
            if (s.state().equals(NEEDS_AUTH)) {
                // A reconnect sends a request without the dropped credential; the 401 starts a new sign-in.
                text.append("\n`").append(s.name()).append("` needs you to sign in again: run `/mcp reconnect ")
                        .append(s.name()).append("` to start the sign-in.\n");
            }
            if (s.rootsNeeded() != null) {
                text.append('\n').append(RootsHint.text(s.name(), s.rootsNeeded())).append('\n');
            }
        }
        return text.toString();
    }
}
