package dev.tether.agent.subagent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A kind of subagent the model may ask for by name: instructions for its system prompt and the
 * tools it may use. Read from a Markdown file whose front matter names it ({@code name},
 * {@code description}, {@code tools}, {@code model}); the body is its instructions. A type from a
 * project is project content: it instructs, it grants nothing (its tools are still gated, and a
 * write still asks unless the session's mode allows it).
 *
 * @param tools  the tool names it may use, or null for the read-only default
 * @param model  the model it asks for, or null for the session's
 * @param source the file it was read from, or null for the built-in type
 */
public record AgentType(String name, String description, List<String> tools, String model, String instructions, Path source) {
    /** The type used when the model names none: read-only, the session's model, no extra instructions. */
    public static final AgentType GENERAL = new AgentType("general",
            "A general helper for a self-contained task: reads, searches and lists files and uses the MCP tools it may use without asking.",
            null, null, "", null);

    /** Claude Code's tool names as they appear in {@code .claude/agents/*.md}, for Tether's tools. */
    private static final Map<String, String> CLAUDE_NAMES = Map.of(
            "read", "read_file", "grep", "search", "glob", "list_files", "ls", "list_files",
            "bash", "run_command", "edit", "edit_file", "multiedit", "edit_file", "write", "write_file",
            "todowrite", "update_plan");

    /**
     * Parses a type file; null when it has no front matter or no {@code name} (not a type file).
     * Names are lower case letters, digits, {@code -} and {@code _}.
     */
    public static AgentType parse(String text, Path source) {
        String body = text.replace("\r\n", "\n");
        if (!body.startsWith("---\n")) {
            return null;
        }
        int end = body.indexOf("\n---", 3);
        if (end < 0) {
            return null;
        }
        String name = null;
        String description = null;
        String model = null;
        List<String> tools = null;
        String listKey = null;
        for (String line : body.substring(4, end).split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("- ") && "tools".equals(listKey)) {
                tools.add(toolName(unquote(trimmed.substring(2))));
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0 || Character.isWhitespace(line.charAt(0))) {
                continue;
            }
            String key = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = unquote(line.substring(colon + 1).strip());
            listKey = key;
            switch (key) {
                case "name" -> name = value;
                case "description" -> description = value;
                case "model" -> model = value.isEmpty() || value.equals("inherit") ? null : value;
                case "tools" -> {
                    tools = new ArrayList<>();
                    for (String item : value.replace("[", "").replace("]", "").split(",")) {
                        if (!item.isBlank()) {
                            tools.add(toolName(unquote(item.strip())));
                        }
                    }
                }
                default -> { }
            }
        }
        if (name == null || !name.matches("[a-z0-9][a-z0-9_-]{0,63}")) {
            return null;
        }
        int bodyStart = body.indexOf('\n', end + 1);
        String instructions = bodyStart < 0 ? "" : body.substring(bodyStart + 1).strip();
        return new AgentType(name, description == null ? "" : description, tools == null ? null : List.copyOf(tools), model,
                instructions, source);
    }

    private static String toolName(String name) {
        return CLAUDE_NAMES.getOrDefault(name.toLowerCase(Locale.ROOT), name);
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"") || value.startsWith("'") && value.endsWith("'"))) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }
}
