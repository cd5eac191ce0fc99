package dev.tether.session.commands;

import dev.tether.context.commands.FileCommand;
import dev.tether.security.ReservedKeys;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.servers.McpLauncher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Slash commands: the user's {@code /mcp}, {@code /status}, {@code /compact}, the command files
 * ({@code /<name>}) and every prompt of every ready MCP server as {@code /<server>:<prompt>}. Parses a command line into positional and {@code name=value}
 * arguments and checks them against the prompt before anything is sent.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
final class SlashCommands {
    static final String MCP = "mcp";

    private SlashCommands() {}

    /** A command the user typed: its name and the rest of the line. */
    record Invocation(String name, String input) {}

    /** The arguments of a prompt invocation, or why they are wrong. */
    record Arguments(Map<String, String> values, String error) {}

    /** @param statusPage whether the process has a status page ({@code /status}) */
    static List<SessionEvent.Command> available(List<McpLauncher.PromptCommand> prompts, List<FileCommand> files, boolean statusPage) {
        List<SessionEvent.Command> commands = new ArrayList<>();
        commands.add(new SessionEvent.Command(MCP, "MCP servers: status, or reconnect / refresh / logs <server>",
                "reconnect|refresh|logs <server>"));
        if (statusPage) {
            commands.add(StatusCommand.COMMAND);
        }
        for (FileCommand file : files) {
            String description = file.description().isBlank() ? "(" + file.where() + ")" : file.description() + " (" + file.where() + ")";
            String hint = file.argumentHint() != null ? file.argumentHint()
                    : file.body().matches("(?s).*\\$(ARGUMENTS|[1-9]).*") ? "arguments" : null;
            commands.add(new SessionEvent.Command(file.name(), description, hint));
        }
        for (McpLauncher.PromptCommand prompt : prompts) {
            String description = prompt.description() == null || prompt.description().isBlank()
                    ? "Prompt " + prompt.name() + " from MCP server " + prompt.server()
                    : prompt.description() + " (MCP server " + prompt.server() + ")";
            commands.add(new SessionEvent.Command(name(prompt), description, prompt.arguments().isEmpty() ? null : hint(prompt)));
        }
        commands.add(CompactCommand.COMMAND);
        commands.add(ContextCommand.COMMAND);
        commands.add(SandboxCommand.COMMAND);
        return commands;
    }

    static String name(McpLauncher.PromptCommand prompt) {
        return prompt.server() + ":" + prompt.name();
    }

    private static String hint(McpLauncher.PromptCommand prompt) {
        List<String> parts = new ArrayList<>();
        for (McpLauncher.PromptCommand.Argument argument : prompt.arguments()) {
            parts.add(argument.required() ? "<" + argument.name() + ">" : "[" + argument.name() + "]");
        }
        return String.join(" ", parts);
    }

    /** The command at the start of the prompt's text, if it names one. */
    static Optional<Invocation> parse(String text) {
        if (text == null || !text.startsWith("/")) {
            return Optional.empty();
        }
        String line = text.substring(1);
        int space = indexOfWhitespace(line);
        String name = space < 0 ? line : line.substring(0, space);
        String input = space < 0 ? "" : line.substring(space).strip();
        return name.isEmpty() ? Optional.empty() : Optional.of(new Invocation(name, input));
    }

    private static int indexOfWhitespace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Binds {@code input} to the prompt's arguments: {@code name=value} pairs, and positional
     * values in the prompt's argument order; quotes group words.
     */
    static Arguments bind(McpLauncher.PromptCommand prompt, String input) {
        Map<String, String> values = new LinkedHashMap<>();
        List<String> names = prompt.arguments().stream().map(McpLauncher.PromptCommand.Argument::name).toList();
        int position = 0;
        for (String token : tokens(input)) {
            int eq = token.indexOf('=');
            String name;
            String value;
            if (eq > 0 && token.substring(0, eq).matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
                name = token.substring(0, eq);
                value = token.substring(eq + 1);
            } else {
                while (position < names.size() && values.containsKey(names.get(position))) {
                    position++;
                }
                if (position >= names.size()) {
                    return new Arguments(Map.of(), "too many arguments: /" + name(prompt) + " takes " + (names.isEmpty() ? "none" : String.join(", ", names)));
                }
                name = names.get(position++);
                value = token;
            }
            if (ReservedKeys.isReserved(name)) {
                return new Arguments(Map.of(), "the argument name \"" + name + "\" is not allowed");
            }
            if (!names.contains(name)) {
                return new Arguments(Map.of(), "unknown argument \"" + name + "\": /" + name(prompt) + " takes "
                        + (names.isEmpty() ? "none" : String.join(", ", names)));
            }
            values.put(name, value);
        }
        for (McpLauncher.PromptCommand.Argument argument : prompt.arguments()) {
            if (argument.required() && !values.containsKey(argument.name())) {
                return new Arguments(Map.of(), "missing required argument \"" + argument.name() + "\" (usage: /" + name(prompt) + " " + hint(prompt) + ")");
            }
        }
        return new Arguments(values, null);
    }

    /** Whitespace-separated words; "double" or 'single' quotes group words (quotes removed). */
    static List<String> tokens(String input) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        boolean inToken = false;
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    current.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    out.add(current.toString());
                    current.setLength(0);
                    inToken = false;
                }
            } else {
                current.append(c);
                inToken = true;
            }
        }
        if (inToken) {
            out.add(current.toString());
        }
        return out;
    }
}
