package dev.tether.tools.sandbox;

import dev.tether.base.Glob;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The names of files other programs run, the one list both the trust boundary
 * ({@code tools.ProtectedPaths}, which asks before a write) and the sandbox (which keeps them
 * read-only and removes new ones) read. Each is a glob relative to any directory ({@code **}/),
 * with what runs the file, in the user's words.
 */
public final class ProtectedNames {
    private static final String EDITOR = "the editor runs the tasks, settings and commands in it";
    private static final String MISE = "mise, once activated, runs the hooks and scripts it names when you enter the directory";
    private static final String VIM = "vim with 'exrc' runs it when started in that directory";
    private static final String HOOK_MANAGER = "a git hook runs the commands it names at each commit";
    /** At most this many entries of one directory are compared with the names. */
    static final int MAX_ENTRIES = 4096;

    /** Glob → why, in order. */
    public static final Map<String, String> DEFAULTS = defaults();

    /** The names without wildcards, other than {@code .git}, relative to a directory. */
    static final List<String> LITERAL = DEFAULTS.keySet().stream().map(ProtectedNames::relative)
            .filter(g -> !g.equals(".git") && !g.contains("*") && !g.contains("?")).toList();

    /** Each name other than {@code .git}, compiled once: one glob per path component. */
    private static final List<List<Glob>> COMPILED = DEFAULTS.keySet().stream().map(ProtectedNames::relative)
            .filter(g -> !g.equals(".git")).map(g -> java.util.Arrays.stream(g.split("/")).map(Glob::pathIgnoringCase).toList())
            .toList();

    private ProtectedNames() {}

    private static Map<String, String> defaults() {
        Map<String, String> rules = new LinkedHashMap<>();
        rules.put("**/.git", "git reads the configuration and runs the hooks in it");
        rules.put("**/.envrc", "direnv runs it when you enter the directory");
        rules.put("**/.zed", EDITOR);
        rules.put("**/.vscode", EDITOR);
        rules.put("**/.idea", EDITOR);
        // .claude holds Claude Code's hooks, which run shell commands by themselves; .mcp.json names the
        // commands that agents (Claude Code, and Tether once project servers are read) start as MCP servers.
        rules.put("**/.claude", "Claude Code runs the hooks in it");
        rules.put("**/.mcp.json", "agents start the MCP servers it names");
        // .tether holds the project's settings (permission rules), commands, skills and agent types: what the
        // agent reads as the project's word. A model that could rewrite them would be writing its own orders.
        rules.put("**/.tether", "Tether reads the project's settings, permission rules, commands and skills from it");
        rules.put("**/.devcontainer", EDITOR);
        rules.put("**/.devcontainer.json", EDITOR);
        rules.put("**/.cargo/config.toml", "cargo, which rust-analyzer runs by itself, runs the wrappers and runners it names");
        rules.put("**/.cargo/config", "cargo, which rust-analyzer runs by itself, runs the wrappers and runners it names");
        rules.put("**/mise*.toml", MISE);
        rules.put("**/.mise*.toml", MISE);
        rules.put("**/.mise", MISE);
        rules.put("**/mise/config.toml", MISE);
        rules.put("**/.config/mise*", MISE);
        rules.put("**/.rtx.toml", MISE);
        rules.put("**/.tool-versions", "the shims of asdf and mise, which editors start by themselves, run the programs it names");
        rules.put("**/.exrc", VIM);
        rules.put("**/_exrc", VIM);
        rules.put("**/.vimrc", VIM);
        rules.put("**/_vimrc", VIM);
        rules.put("**/.gvimrc", VIM);
        rules.put("**/.nvimrc", VIM);
        rules.put("**/.nvim.lua", VIM);
        rules.put("**/.pre-commit-config.yaml", HOOK_MANAGER);
        rules.put("**/lefthook*", HOOK_MANAGER);
        rules.put("**/.lefthook*", HOOK_MANAGER);
        return java.util.Collections.unmodifiableMap(rules);
    }

    private static String relative(String glob) {
        return glob.startsWith("**/") ? glob.substring(3) : glob;
    }

    /**
     * What in {@code dir} (one or two levels down, as the names say) bears a protected name other
     * than {@code .git}, links included; letter case ignored.
     */
    static List<Path> in(Path dir) {
        List<Path> found = new ArrayList<>();
        for (Path entry : entries(dir)) {
            String name = entry.getFileName().toString();
            for (List<Glob> parts : COMPILED) {
                if (!parts.get(0).matches(name)) {
                    continue;
                }
                if (parts.size() == 1) {
                    found.add(entry);
                    break;
                }
                if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    for (Path inner : entries(entry)) {
                        if (parts.get(1).matches(inner.getFileName().toString()) && !found.contains(inner)) {
                            found.add(inner);
                        }
                    }
                }
            }
        }
        return found;
    }

    private static List<Path> entries(Path dir) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path entry : stream) {
                if (entries.size() >= MAX_ENTRIES) {
                    break;
                }
                entries.add(entry);
            }
        } catch (IOException | RuntimeException e) {
            // Not there or unreadable: nothing to keep.
        }
        return entries;
    }
}
