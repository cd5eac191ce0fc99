package dev.tether.tools;

import dev.tether.base.Cancellation;
import dev.tether.tools.sandbox.Sandbox;

/**
 * Everything a running tool call may use.
 *
 * @param ports          the session host's files, terminals and plan
 * @param progress       this call's live display updates
 * @param cancellation   fires when the turn is cancelled
 * @param protectedPaths the paths whose writes count as commands ({@link Tool#traitsFor})
 * @param sandbox        how the session's commands are confined ({@link Sandbox#NONE} for not at all)
 * @param deniedReads    which files a deny rule keeps this tool from reading: a tool that walks a
 *                       directory (search, list_files) leaves them out, as a call naming them is refused
 */
public record ToolContext(String toolCallId, Workspace workspace, ToolPorts ports, Progress progress,
                          Cancellation cancellation, ProtectedPaths protectedPaths, Sandbox sandbox, DeniedReads deniedReads) {

    /** Whether a deny rule keeps {@code tool} from reading {@code file} (an absolute path). */
    @FunctionalInterface
    public interface DeniedReads {
        DeniedReads NONE = (tool, file) -> false;

        boolean denied(String tool, java.nio.file.Path file);
    }

    /** A context without permission rules. */
    public ToolContext(String toolCallId, Workspace workspace, ToolPorts ports, Progress progress,
                       Cancellation cancellation, ProtectedPaths protectedPaths, Sandbox sandbox) {
        this(toolCallId, workspace, ports, progress, cancellation, protectedPaths, sandbox, DeniedReads.NONE);
    }

    /** A context whose commands run without a sandbox. */
    public ToolContext(String toolCallId, Workspace workspace, ToolPorts ports, Progress progress,
                       Cancellation cancellation, ProtectedPaths protectedPaths) {
        this(toolCallId, workspace, ports, progress, cancellation, protectedPaths, Sandbox.NONE);
    }

    /** A context with only the default protected paths. */
    public ToolContext(String toolCallId, Workspace workspace, ToolPorts ports, Progress progress,
                       Cancellation cancellation) {
        this(toolCallId, workspace, ports, progress, cancellation, ProtectedPaths.DEFAULT);
    }

    public FileSystem files() {
        return ports.files();
    }

    /** The host's terminals, or null when commands run as local processes. */
    public Terminals terminals() {
        return ports.terminals();
    }

    public Plan plan() {
        return ports.plan();
    }
}
