package dev.tether.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a person is typing at Tether: its stdin is a terminal. {@code tether} with no arguments
 * then says what it is instead of waiting for JSON-RPC, and {@code tether exec} does not wait for
 * a prompt typed there. Checked on every start with no arguments (an editor's), so it must cost
 * next to nothing: on Linux, where descriptor 0 links ({@code /proc/self/fd/0}, well under a
 * millisecond); elsewhere, the file type of {@code /dev/fd/0} (a character device). Not
 * {@code System.console()}, which costs about 10 ms on JDK 25 and needs stdout to be a terminal too.
 */
final class AtTerminal {
    /** {@code S_IFMT} and {@code S_IFCHR} of {@code st_mode}. */
    private static final int TYPE_MASK = 0170000;
    private static final int CHARACTER_DEVICE = 0020000;

    private AtTerminal() {}

    static boolean stdin() {
        return isTerminal(0);
    }

    /** Whether stderr is a terminal ({@code tether exec} shows a spinner there). */
    static boolean stderr() {
        return isTerminal(2);
    }

    private static boolean isTerminal(int descriptor) {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + descriptor)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException e) {
            // No /proc (macOS, the BSDs): a terminal is a character device (so is /dev/null, which has nothing to read either).
            try {
                return ((Integer) Files.getAttribute(Path.of("/dev/fd/" + descriptor), "unix:mode") & TYPE_MASK) == CHARACTER_DEVICE;
            } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException other) {
                return false;
            }
        }
    }

    /** What {@code tether} says at a terminal. */
    static String help(String version) {
        return """
                Tether %s is a coding agent that editors such as Zed start and speak ACP to over stdin/stdout.
                Here at a terminal, try:
                  tether exec "explain this project"     one turn: the answer on stdout, progress on stderr
                  tether --help                          every command and option
                In Zed, add to settings.json:
                  "agent_servers": { "Tether": { "type": "custom", "command": "/path/to/tether/bin/tether", "args": [] } }
                """.formatted(version);
    }
}
