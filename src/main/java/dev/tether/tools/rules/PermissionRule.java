package dev.tether.tools.rules;

import dev.tether.base.Glob;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One permission rule: {@code allow}, {@code ask} or {@code deny} for a tool or pattern,
 * optionally with a specifier, as Claude Code writes them:
 * <ul>
 *   <li>{@code read_file}, {@code update_plan}, {@code *_file}: built-in tools by name or glob;</li>
 *   <li>{@code run_command(npm test:*)}, {@code run_command(git status)},
 *       {@code run_command(git * main)}: commands ({@link CommandPattern});</li>
 *   <li>{@code edit_file(src/**)}, {@code read_file(.env)}: paths ({@link PathPattern});</li>
 *   <li>{@code mcp__github}, {@code mcp__github__*}, {@code mcp__github__create_issue}: an MCP
 *       server's tools by their names on the server;</li>
 *   <li>Claude Code's names as aliases: {@code Bash} is {@code run_command}, {@code Read} the
 *       tools that read files ({@code read_file}, {@code search}, {@code list_files}),
 *       {@code Edit} those that change them ({@code edit_file}, {@code write_file}),
 *       {@code Write} {@code write_file}, {@code Grep} {@code search}, {@code Glob}
 *       {@code list_files}.</li>
 *   <li>{@code run_command:sandboxed(...)} and {@code run_command:unsandboxed(...)} (also
 *       {@code Bash:…}): commands only when they run inside, or outside, the OS sandbox; a deny
 *       rule of the second kind refuses every run outside it without asking, escalations too.</li>
 * </ul>
 *
 * @param text   the rule as written
 * @param pin    for an "Always allow" of an MCP tool: the server and definition it was given for; null otherwise
 * @param origin where the rule was written (a file, or "this session"), for the user
 */
public record PermissionRule(Effect effect, RuleScope scope, String text, Target target, Pin pin, String origin) {

    /** The exact server and tool definition an "Always allow" of an MCP tool covers. */
    public record Pin(String identity, String definition) {}

    /** The built-in tools' names, for the aliases and for which specifier a tool takes. */
    static final String RUN_COMMAND = "run_command";
    static final Set<String> FILE_TOOLS = Set.of("read_file", "write_file", "edit_file", "list_files", "search");
    static final Map<String, Set<String>> ALIASES = Map.of(
            "Bash", Set.of(RUN_COMMAND),
            "Read", Set.of("read_file", "search", "list_files"),
            "Edit", Set.of("edit_file", "write_file"),
            "Write", Set.of("write_file"),
            "Grep", Set.of("search"),
            "Glob", Set.of("list_files"));
    private static final String MCP = "mcp__";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.*?-]+");

    /**
     * Reads one rule.
     *
     * @throws InvalidRule with a sentence for the user when it cannot be read
     */
    public static PermissionRule parse(Effect effect, RuleScope scope, String text, String origin) throws InvalidRule {
        return new PermissionRule(effect, scope, text, target(effect, text), null, origin);
    }

    /** An "Always allow" of one MCP tool as it is now: that server, that definition. */
    public static PermissionRule pinned(RuleScope scope, String server, String tool, Pin pin, String origin) {
        String text = MCP + server + "__" + tool;
        return new PermissionRule(Effect.ALLOW, scope, text, new Target.Mcp(literal(server), literal(tool)), pin, origin);
    }

    /** The same rule kept in another scope (an answer of this session that could not be written). */
    public PermissionRule in(RuleScope newScope, String newOrigin) {
        return new PermissionRule(effect, newScope, text, target, pin, newOrigin);
    }

    private static Target target(Effect effect, String text) throws InvalidRule {
        String rule = text == null ? "" : text.strip();
        if (rule.isEmpty()) {
            throw new InvalidRule("the rule is empty");
        }
        int open = rule.indexOf('(');
        String name = open < 0 ? rule : rule.substring(0, open).strip();
        Boolean sandboxed = null;
        for (String qualifier : new String[] {":sandboxed", ":unsandboxed"}) {
            if (name.endsWith(qualifier) && !name.startsWith(MCP)) {
                name = name.substring(0, name.length() - qualifier.length());
                sandboxed = qualifier.equals(":sandboxed");
                if (!ALIASES.getOrDefault(name, Set.of(name)).equals(Set.of(RUN_COMMAND))) {
                    throw new InvalidRule("\"" + rule + "\": only run_command (Bash) runs in the sandbox, so only it takes "
                            + qualifier);
                }
            }
        }
        String specifier = null;
        if (open >= 0) {
            if (!rule.endsWith(")")) {
                throw new InvalidRule("\"" + rule + "\" opens a parenthesis it does not close at the end");
            }
            specifier = rule.substring(open + 1, rule.length() - 1);
            if (specifier.isBlank()) {
                throw new InvalidRule("\"" + rule + "\" has empty parentheses; write " + name + " alone for every call");
            }
        }
        if (name.startsWith(MCP)) {
            return mcp(effect, rule, name, specifier);
        }
        if (!NAME.matcher(name).matches()) {
            throw new InvalidRule("\"" + name + "\" is not a tool name (letters, digits, _ . - and the wildcards * ?)");
        }
        Set<String> names = ALIASES.getOrDefault(name, Set.of());
        Glob glob = null;
        if (names.isEmpty()) {
            if (name.indexOf('*') >= 0 || name.indexOf('?') >= 0) {
                glob = Glob.name(name);
            } else {
                names = Set.of(name);
            }
        }
        if (specifier == null) {
            return new Target.Builtin(names, glob, null, null, sandboxed);
        }
        if (glob == null && names.equals(Set.of(RUN_COMMAND))) {
            return new Target.Builtin(names, null, CommandPattern.of(specifier), null, sandboxed);
        }
        if (glob == null && FILE_TOOLS.containsAll(names)) {
            return new Target.Builtin(names, null, null, PathPattern.of(specifier));
        }
        throw new InvalidRule("\"" + rule + "\": only run_command (Bash) and the file tools (read_file, write_file, edit_file,"
                + " list_files, search) take a specifier in parentheses");
    }

    private static Target mcp(Effect effect, String rule, String name, String specifier) throws InvalidRule {
        if (specifier != null) {
            throw new InvalidRule("\"" + rule + "\": an MCP tool takes no specifier; name the tool (mcp__server__tool)");
        }
        String rest = name.substring(MCP.length());
        int split = rest.indexOf("__");
        String server = split < 0 ? rest : rest.substring(0, split);
        String tool = split < 0 ? null : rest.substring(split + 2);
        if (server.isEmpty() || (tool != null && tool.isEmpty())) {
            throw new InvalidRule("\"" + rule + "\": write mcp__<server> or mcp__<server>__<tool>");
        }
        if (effect == Effect.ALLOW && (server.indexOf('*') >= 0 || server.indexOf('?') >= 0)) {
            throw new InvalidRule("\"" + rule + "\": an allow rule names one MCP server (it is bound to that server);"
                    + " wildcards are for the tool part, or for deny and ask rules");
        }
        return new Target.Mcp(Glob.name(server), tool == null || tool.equals("*") ? null : Glob.name(tool));
    }

    /** A glob that matches exactly {@code name}, whatever characters the server put in it. */
    private static Glob literal(String name) {
        StringBuilder escaped = new StringBuilder();
        name.chars().forEach(c -> {
            if ("*?[{\\".indexOf(c) >= 0) {
                escaped.append('\\');
            }
            escaped.append((char) c);
        });
        return Glob.path(escaped.toString());
    }

    /** The rule as a person reads it: {@code allow run_command(npm test:*) (user: ~/.config/tether/config.json)}. */
    public String describe() {
        return effect.id() + " " + text + " (" + scope.id() + (origin == null ? "" : ": " + origin) + ")";
    }

    /** A lower-case word for a rule's effect, for messages. */
    public String verb() {
        return effect.id().toLowerCase(Locale.ROOT);
    }
}
