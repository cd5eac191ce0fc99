package dev.tether.tools;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The user's limits on tools from the config file's {@code "tools"} object: allow and deny lists
 * of tool-name globs ({@code *} any run of characters, {@code ?} one character; an empty allow
 * list allows everything; deny wins over allow), and the paths whose writes count as commands
 * ({@link ProtectedPaths}: the defaults plus {@code protectedPaths}).
 */
public record ToolFilter(List<String> allow, List<String> deny, ProtectedPaths protectedPaths) {
    public static final ToolFilter ALLOW_ALL = new ToolFilter(List.of(), List.of());

    public ToolFilter {
        allow = List.copyOf(allow);
        deny = List.copyOf(deny);
    }

    /** Name lists with the default protected paths. */
    public ToolFilter(List<String> allow, List<String> deny) {
        this(allow, deny, ProtectedPaths.DEFAULT);
    }

    public boolean permits(String toolName) {
        if (deny.stream().anyMatch(glob -> matches(glob, toolName))) {
            return false;
        }
        return allow.isEmpty() || allow.stream().anyMatch(glob -> matches(glob, toolName));
    }

    static boolean matches(String glob, String name) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return name.matches(regex.toString());
    }
}
