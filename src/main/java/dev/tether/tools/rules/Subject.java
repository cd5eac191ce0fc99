package dev.tether.tools.rules;

import java.nio.file.Path;
import java.util.List;

/**
 * What permission rules see of one tool call: the tool, and what its specifier is compared with.
 */
public sealed interface Subject {

    /**
     * A call of a built-in tool.
     *
     * @param tool    its name ({@code run_command}, {@code edit_file}, …)
     * @param command for {@code run_command}, the command line; null otherwise
     * @param paths   for the file tools, the absolute paths the call reads or writes (empty when
     *                the input names none it can resolve)
     * @param sandboxed for {@code run_command}, whether it runs in the OS sandbox; null where that is not known
     */
    record Builtin(String tool, String command, List<Path> paths, Boolean sandboxed) implements Subject {
        public Builtin {
            paths = List.copyOf(paths);
        }

        /** A call whose sandboxing is not in question (everything but a command). */
        public Builtin(String tool, String command, List<Path> paths) {
            this(tool, command, paths, null);
        }

        /** The same call, said to run inside the OS sandbox or outside it. */
        public Builtin inSandbox(boolean inside) {
            return new Builtin(tool, command, paths, inside);
        }

        /** A call rules see by its tool's name alone. */
        public static Builtin named(String tool) {
            return new Builtin(tool, null, List.of());
        }
    }

    /**
     * A call of an MCP server's tool.
     *
     * @param server     the server's name in this session
     * @param tool       the tool's name on the server, as sent (never the projected name)
     * @param definition the digest of the tool's definition, which "Always allow" pins
     * @param binding    who the server is
     */
    record Mcp(String server, String tool, String definition, ServerBinding binding) implements Subject {
        public Mcp {
            binding = binding == null ? ServerBinding.UNKNOWN : binding;
        }

        public Mcp withBinding(ServerBinding newBinding) {
            return new Mcp(server, tool, definition, newBinding);
        }
    }
}
