package dev.tether.tools.builtin;

import dev.tether.base.CancelledException;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Terminals;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A command in one of the host's terminals: create, show, wait (kill on cancel or timeout), output, release. */
final class HostTerminal {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(HostTerminal.class);
    }

    private HostTerminal() {}

    static CommandResult run(ToolContext context, Terminals terminals, CommandSpec spec) throws ToolError.TellModel {
        String terminalId = create(context, terminals, spec);
        try {
            context.progress().show(List.of(new ToolDisplay.Terminal(terminalId)));
            boolean timedOut = false;
            try (Timeout timeout = Timeout.start(context.cancellation(), spec.timeout())) {
                try {
                    terminals.waitForExit(terminalId, timeout.cancellation());
                } catch (CancelledException e) {
                    cleanup(terminals, Step.KILL, terminalId);
                    if (!timeout.expired()) {
                        throw e;
                    }
                    timedOut = true;
                }
            }
            Terminals.Output output = terminals.output(terminalId, context.cancellation());
            return new CommandResult(output.exitCode(), output.signal(), output.output(), output.truncated(), timedOut,
                    terminalId);
        } catch (HostFailure e) {
            throw new ToolError.TellModel("the editor's terminal failed: " + e.getMessage());
        } finally {
            // Released even after a cancel or timeout, or the editor keeps the process around.
            cleanup(terminals, Step.RELEASE, terminalId);
        }
    }

    private static String create(ToolContext context, Terminals terminals, CommandSpec spec) throws ToolError.TellModel {
        // The editor starts the command with its own environment, which may hold the same keys as
        // Tether's. ACP can only set variables, not remove them, so each is set to the empty string.
        List<Terminals.Variable> env = spec.secrets().namesToWithhold().stream()
                .map(name -> new Terminals.Variable(name, "")).toList();
        try {
            // Through the sandbox, the editor is handed the whole wrapped line: its terminal shows the command confined.
            List<String> argv = spec.argv();
            return terminals.create(new Terminals.Launch(argv.getFirst(), argv.subList(1, argv.size()), spec.cwd().toString(),
                    env, spec.outputByteLimit()), context.cancellation());
        } catch (HostFailure e) {
            throw new ToolError.TellModel("the editor could not start the command: " + e.getMessage());
        }
    }

    private enum Step { KILL, RELEASE }

    private static void cleanup(Terminals terminals, Step step, String terminalId) {
        try (Timeout timeout = Timeout.cleanup(CommandRunner.CLEANUP_TIMEOUT)) {
            switch (step) {
                case KILL -> terminals.kill(terminalId, timeout.cancellation());
                case RELEASE -> terminals.release(terminalId, timeout.cancellation());
            }
        } catch (HostFailure | RuntimeException e) {
            // The call's own result or cancellation matters more than a failed clean-up.
            log().warn("{} of terminal {} failed: {}", step.name().toLowerCase(java.util.Locale.ROOT), terminalId, e.getMessage());
        }
    }
}
