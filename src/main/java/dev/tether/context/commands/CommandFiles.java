package dev.tether.context.commands;

import dev.tether.base.TextFile;
import dev.tether.json.FrontMatter;
import dev.tether.security.UnicodeSanitizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The slash commands kept as Markdown files: the project's {@code .claude/commands/} and
 * {@code .tether/commands/} in every directory from the project root down to the session's
 * directory, and the user's {@code $XDG_CONFIG_HOME/tether/commands/}, each with subdirectories
 * (which only label the command: {@code frontend/lint.md} is {@code /lint}, "project:frontend").
 * Of two commands with one name the later source wins: a deeper directory over a shallower one,
 * {@code .tether} over {@code .claude}, the user's own over the project's, so a cloned repository
 * cannot take over a command the user wrote. Each file loses to another is named in a warning, as
 * is each file that could not be read. A project's files are read only as themselves (a symbolic
 * link is skipped, never followed), at most {@link #MAX_FILE_BYTES} each and {@link #MAX_COMMANDS}
 * in all; files are read again only when they changed.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
public final class CommandFiles {
    public static final int MAX_FILE_BYTES = 64 * 1024;
    public static final int MAX_COMMANDS = 200;
    static final int MAX_DEPTH = 3;
    static final int MAX_DESCRIPTION_CHARS = 300;
    static final int MAX_HINT_CHARS = 200;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /**
     * One directory of command files, its label for the user, and whether links are followed
     * (the user's own directory) or not (a project's).
     */
    public record Source(Path dir, String where, boolean own) {}

    /** The commands on offer, by name in the order found, and what the user should know about the files. */
    public record Scan(List<FileCommand> commands, List<String> warnings) {
        public static final Scan NONE = new Scan(List.of(), List.of());

        public Scan {
            commands = List.copyOf(commands);
            warnings = List.copyOf(warnings);
        }
    }

    private record Parsed(TextFile.Stamp stamp, FileCommand command, String problem) {}

    private final List<Source> sources;
    private final Map<Path, Parsed> cache = new HashMap<>();

    /** @param sources in rising precedence: a later source's command wins over an earlier one's */
    public CommandFiles(List<Source> sources) {
        this.sources = List.copyOf(sources);
    }

    /**
     * The sources of a session: for each of {@code projectDirs} (the project root first, the
     * session's directory last) its {@code .claude/commands} and {@code .tether/commands}, then the
     * user's {@code commands} under {@code userDir} ({@code $XDG_CONFIG_HOME/tether}; null for none).
     */
    public static List<Source> sources(Path userDir, List<Path> projectDirs) {
        List<Source> out = new ArrayList<>();
        for (Path dir : projectDirs) {
            out.add(new Source(dir.resolve(".claude").resolve("commands"), "project", false));
            out.add(new Source(dir.resolve(".tether").resolve("commands"), "project", false));
        }
        if (userDir != null) {
            out.add(new Source(userDir.resolve("commands"), "user", true));
        }
        return out;
    }

    /** Reads the sources as they are now (unchanged files from the last scan). */
    public synchronized Scan scan() {
        Map<String, FileCommand> byName = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        Map<Path, Parsed> seen = new HashMap<>();
        for (Source source : sources) {
            for (Path file : files(source, warnings)) {
                Parsed parsed = parse(source, file);
                seen.put(file, parsed);
                if (parsed.problem() != null) {
                    warnings.add("Command file " + file + " is not offered: " + parsed.problem() + ".");
                    continue;
                }
                FileCommand command = parsed.command();
                FileCommand earlier = byName.remove(command.name());
                if (earlier != null) {
                    warnings.add("Command file " + earlier.file() + " is not offered: " + command.file() + " defines /"
                            + command.name() + " too, and wins.");
                }
                byName.put(command.name(), command);
            }
        }
        cache.keySet().retainAll(seen.keySet());
        cache.putAll(seen);
        List<FileCommand> commands = new ArrayList<>(byName.values());
        if (commands.size() > MAX_COMMANDS) {
            warnings.add((commands.size() - MAX_COMMANDS) + " command files are not offered: at most " + MAX_COMMANDS
                    + " commands are read.");
            commands = commands.subList(0, MAX_COMMANDS);
        }
        return new Scan(commands, warnings);
    }

    /** The {@code .md} files of a source, sorted, down to {@link #MAX_DEPTH}; a project's links are not followed. */
    private static List<Path> files(Source source, List<String> warnings) {
        LinkOption[] noFollow = {LinkOption.NOFOLLOW_LINKS};
        if (!source.own() && (Files.isSymbolicLink(source.dir().getParent()) || Files.isSymbolicLink(source.dir()))) {
            warnings.add("Command directory " + source.dir() + " is not read: it is a symbolic link, which a project's files may not be.");
            return List.of();
        }
        if (!Files.isDirectory(source.dir(), source.own() ? new LinkOption[0] : noFollow)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(source.dir(), MAX_DEPTH)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .filter(p -> !Files.isDirectory(p, noFollow))
                    .sorted().limit(MAX_COMMANDS * 4L).toList();
        } catch (IOException | java.io.UncheckedIOException | SecurityException e) {
            warnings.add("Command directory " + source.dir() + " could not be read.");
            return List.of();
        }
    }

    private Parsed parse(Source source, Path file) {
        TextFile.Stamp stamp = TextFile.stamp(file, source.own());
        Parsed cached = cache.get(file);
        if (cached != null && stamp != null && stamp.equals(cached.stamp())) {
            return cached;
        }
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ".md".length());
        if (!NAME.matcher(name).matches()) {
            return new Parsed(stamp, null, "its name is not a command name (letters, digits, '.', '_' and '-', at most 64)");
        }
        return switch (TextFile.read(file, MAX_FILE_BYTES, source.own())) {
            case TextFile.Refused no -> new Parsed(stamp, null, no.why());
            case TextFile.Text text -> command(source, file, name, stamp, text.text());
        };
    }

    private static Parsed command(Source source, Path file, String name, TextFile.Stamp stamp, String text) {
        FrontMatter fm;
        try {
            fm = FrontMatter.of(text);
        } catch (FrontMatter.Invalid e) {
            return new Parsed(stamp, null, e.getMessage());
        }
        String body = fm.body().strip();
        if (body.isEmpty()) {
            return new Parsed(stamp, null, "it has no text after its front matter");
        }
        String description = fm.string("description");
        if (description == null || description.isBlank()) {
            description = body.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("")
                    .replaceFirst("^#+\\s*", "");
        }
        String hint = fm.string("argument-hint");
        Path relative = source.dir().relativize(file.getParent());
        String where = relative.toString().isEmpty() ? source.where() : source.where() + ":" + relative.toString().replace('\\', '/');
        return new Parsed(stamp, new FileCommand(name, line(description, MAX_DESCRIPTION_CHARS),
                hint == null || hint.isBlank() ? null : line(hint, MAX_HINT_CHARS), body, where, file), null);
    }

    /** One line of sanitised text, at most {@code max} characters. */
    private static String line(String raw, int max) {
        String text = UnicodeSanitizer.clean(raw).replaceAll("\\s+", " ").strip();
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
