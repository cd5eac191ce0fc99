package dev.tether.config.policy;

import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A stdio server as the managed policy compares it. Its <em>lines</em>: the words it declares,
 * whose program is the real path of what the transport executes; then, when that program is
 * {@code env} used plainly ({@code env [NAME=value…] [--] command args…}), the command it wraps,
 * its assignments counted as variables the server sets (an {@code env} with options is left
 * whole). Its <em>scripts</em>: the words of a shell's {@code -c} script in any line. The
 * variables it sets: its declared {@code env} and those assignments. Its directory: its
 * {@code cwd}, else the session's.
 */
public final class ServerCommand {
    /** Nested {@code env} wrappers taken off at most. */
    private static final int MAX_WRAPPERS = 4;

    /** One reading of the command: its words, and the real path of the program its first word runs (null: none found). */
    record Line(List<String> words, Path program) {
        Line {
            words = List.copyOf(words);
        }
    }

    private final LaunchContext context;
    private final Path cwd;
    private final Map<String, String> set;
    private final List<Line> lines;
    private final List<List<String>> scripts;
    private final Map<String, Set<String>> identities = new HashMap<>();

    private ServerCommand(LaunchContext context, Path cwd, Map<String, String> set, List<Line> lines, List<List<String>> scripts) {
        this.context = context;
        this.cwd = cwd;
        // Sorted: a spec's env has no order, and a reason naming several variables should read the same every time.
        this.set = Collections.unmodifiableMap(new TreeMap<>(set));
        this.lines = List.copyOf(lines);
        this.scripts = List.copyOf(scripts);
    }

    /** {@code spec} as it would start in {@code context}. */
    public static ServerCommand of(McpServerSpec.Stdio spec, LaunchContext context) {
        Path cwd = spec.cwd() != null ? spec.cwd() : context.sessionDir();
        Map<String, String> set = new LinkedHashMap<>(spec.env());
        List<String> words = new ArrayList<>();
        words.add(spec.command());
        words.addAll(spec.args());
        Path program;
        try {
            program = context.plan(spec).program().toRealPath();
        } catch (IOException e) {
            program = null;
        }
        List<Line> lines = new ArrayList<>(List.of(new Line(words, program)));
        for (int depth = 0; depth < MAX_WRAPPERS; depth++) {
            Line inner = unwrapped(lines.getLast(), set, context, cwd);
            if (inner == null) {
                break;
            }
            lines.add(inner);
        }
        List<List<String>> scripts = new ArrayList<>();
        for (Line line : lines) {
            String script = ShellScripts.script(line.words(), line.program());
            if (script != null) {
                scripts.add(ShellScripts.words(script));
            }
        }
        return new ServerCommand(context, cwd, set, lines, scripts);
    }

    /** The command a plain {@code env} runs, its assignments added to {@code set}; null when {@code line} is not one. */
    private static Line unwrapped(Line line, Map<String, String> set, LaunchContext context, Path cwd) {
        List<String> words = line.words();
        boolean env = fileName(words.getFirst()).equals("env") || line.program() != null && fileName(line.program().toString()).equals("env");
        if (!env) {
            return null;
        }
        int i = 1;
        if (i < words.size() && words.get(i).equals("--")) {
            i++;
        }
        Map<String, String> assignments = new LinkedHashMap<>();
        for (; i < words.size() && words.get(i).indexOf('=') > 0; i++) {
            String word = words.get(i);
            assignments.put(word.substring(0, word.indexOf('=')), word.substring(word.indexOf('=') + 1));
        }
        if (i >= words.size() || words.get(i).startsWith("-")) {
            return null;
        }
        set.putAll(assignments);
        List<String> wrapped = words.subList(i, words.size());
        return new Line(wrapped, context.program(wrapped.getFirst(), set, cwd));
    }

    LaunchContext context() {
        return context;
    }

    /** The server's working directory. */
    Path cwd() {
        return cwd;
    }

    List<Line> lines() {
        return lines;
    }

    /**
     * The variables the server sets that change what runs ({@link LoaderVariables}), each with its
     * value; one set to what the server would inherit anyway ({@code PATH} as Tether's) does not count.
     */
    Map<String, String> loaderVariables() {
        Map<String, String> inherited = context.inherited();
        Map<String, String> out = new LinkedHashMap<>();
        set.forEach((name, value) -> {
            if (LoaderVariables.of(name) != null && !value.equals(inherited.get(name))) {
                out.put(name, value);
            }
        });
        return out;
    }

    /**
     * Whether {@code words} appear in order (other words may stand between them) in a line or a
     * script of this server, each word compared by its {@linkplain #identities identities}: for
     * deny rules, which must catch another spelling of the same command wherever it hides —
     * behind a wrapper, in a {@code -c} script, with an interpreter option in between.
     */
    boolean contains(List<String> words) {
        List<Set<String>> wanted = words.stream().map(this::ruleIdentities).toList();
        List<List<String>> all = new ArrayList<>(lines.stream().map(Line::words).toList());
        all.addAll(scripts);
        for (List<String> line : all) {
            // Taking each rule word at its first match leaves the most room for the rest.
            int found = 0;
            for (int i = 0; i < line.size() && found < wanted.size(); i++) {
                if (overlap(wanted.get(found), identities(line.get(i)))) {
                    found++;
                }
            }
            if (found == wanted.size()) {
                return true;
            }
        }
        return false;
    }

    private static boolean overlap(Set<String> a, Set<String> b) {
        for (String s : a) {
            if (b.contains(s)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What a word of the server may stand for: itself; a path (relative to the server's directory)
     * as its real path and by its file name; a bare word as the file of that name in the directory
     * and as the program it names on the server's {@code PATH} (its real path and file name).
     */
    private Set<String> identities(String word) {
        return identities.computeIfAbsent(word, w -> {
            Set<String> ids = new HashSet<>(List.of(w));
            if (w.isEmpty() || w.startsWith("-")) {
                return ids;
            }
            Path path = LaunchContext.canonical(cwd, w);
            if (w.contains("/")) {
                ids.add(fileName(w));
                if (path != null) {
                    ids.add(path.toString());
                    ids.add(fileName(path.toString()));
                }
                return ids;
            }
            if (path != null && Files.exists(path)) {
                ids.add(path.toString());
            }
            Path program = context.program(w, set, cwd);
            if (program != null) {
                ids.add(program.toString());
                ids.add(fileName(program.toString()));
            }
            return ids;
        });
    }

    /**
     * What a deny rule's word stands for: itself; a path as its real path (a relative one against
     * the server's directory); a bare word as the program it names on Tether's {@code PATH} and on
     * the server's. A rule's path never stands for its file name alone: {@code /x/echo.py} is not
     * {@code /y/echo.py}.
     */
    private Set<String> ruleIdentities(String word) {
        Set<String> ids = new HashSet<>(List.of(word));
        if (word.isEmpty() || word.startsWith("-")) {
            return ids;
        }
        if (word.contains("/")) {
            Path path = LaunchContext.canonical(cwd, word);
            if (path != null) {
                ids.add(path.toString());
            }
            return ids;
        }
        for (Path program : new Path[] {context.program(word, Map.of(), context.sessionDir()), context.program(word, set, cwd)}) {
            if (program != null) {
                ids.add(program.toString());
            }
        }
        return ids;
    }

    /** The last segment of a path written with {@code /}. */
    static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
