package dev.tether.tools.sandbox;

import dev.tether.base.Cancellation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One session's sandbox: its policy, the session's mode it follows, an override for one run
 * ({@code tether exec --sandbox}), and whether bubblewrap works on this machine (tried once, on
 * the first sandboxed command, never on the {@code initialize} path).
 */
public final class Sandbox {
    /** A session whose commands never run sandboxed. */
    public static final Sandbox NONE = new Sandbox(SandboxPolicy.NONE, () -> false);

    private final SandboxPolicy policy;
    private final BooleanSupplier auto;
    private final Escalation escalation;
    private final State state;

    /** What the session's views of its sandbox share. */
    private static final class State {
        volatile SandboxMode override;
        volatile BwrapProbe.Result probed;
    }

    /**
     * A session's sandbox that never escalates until {@linkplain #asking given someone to ask}.
     *
     * @param auto whether the session is in {@code auto} mode now (the default policy's switch)
     */
    public Sandbox(SandboxPolicy policy, BooleanSupplier auto) {
        this(policy, auto, Escalation.NEVER, new State());
    }

    private Sandbox(SandboxPolicy policy, BooleanSupplier auto, Escalation escalation, State state) {
        this.policy = policy;
        this.auto = auto;
        this.escalation = escalation;
        this.state = state;
    }

    /** The same sandbox (mode, override, trial run shared) asking {@code escalation} before a run outside it. */
    public Sandbox asking(Escalation escalation) {
        return new Sandbox(policy, auto, escalation, state);
    }

    /** Asks the user whether a command that failed in the sandbox may run outside it. */
    @FunctionalInterface
    public interface Escalation {
        /** Never asks: the answer is no. */
        Escalation NEVER = (toolCallId, command, why, cancellation) -> false;

        /**
         * @param why what the sandbox stopped, in the user's words
         * @return whether the user allowed this one run outside the sandbox (false also when nobody could be asked)
         * @throws dev.tether.base.CancelledException when the turn is cancelled while asking
         */
        boolean allowOutside(String toolCallId, String command, String why, Cancellation cancellation);
    }

    public Escalation escalation() {
        return escalation;
    }

    /** How a command of this session is to be launched. */
    public sealed interface Wrapping {
        /** Launched as it is: the sandbox is off. */
        record Direct() implements Wrapping {}

        /**
         * Launched through {@code program} with {@code arguments} before {@code --} and the command.
         *
         * @param mode what the command may do
         */
        record Wrapped(String program, List<String> arguments, SandboxMode mode) implements Wrapping {
            public Wrapped {
                arguments = List.copyOf(arguments);
            }

            /** The whole command line for {@code argv}, the command's own. */
            public List<String> commandLine(List<String> argv) {
                List<String> line = new ArrayList<>();
                line.add(program);
                line.addAll(arguments);
                line.add("--");
                line.addAll(argv);
                return List.copyOf(line);
            }
        }

        /** The policy wants a sandbox this machine cannot give: the user is asked instead. */
        record Unavailable(String why) implements Wrapping {}
    }

    /**
     * Sets the mode for this session whatever the user's settings and the session's mode say (null
     * clears it). Where the managed settings chose the mode, only a stricter one is taken.
     *
     * @throws IllegalArgumentException when the managed settings forbid this mode; the message says so
     */
    public void override(SandboxMode mode) {
        if (mode != null && policy.managed() && SandboxMode.stricter(policy.mode(), mode)) {
            throw new IllegalArgumentException("the managed settings require the sandbox mode " + policy.mode().id()
                    + "; " + mode.id() + " is not allowed");
        }
        state.override = mode;
    }

    /** The mode in force now. */
    public SandboxMode mode() {
        SandboxMode chosen = state.override;
        return chosen != null ? chosen : policy.modeFor(auto.getAsBoolean());
    }

    public SandboxPolicy policy() {
        return policy;
    }

    /** How to launch a command starting in {@code cwd} with the session's {@code roots}. */
    public Wrapping wrap(List<Path> roots, Path cwd) {
        SandboxMode mode = mode();
        if (mode == SandboxMode.OFF) {
            return new Wrapping.Direct();
        }
        BwrapProbe.Result probe = probe();
        if (!probe.works()) {
            return new Wrapping.Unavailable(probe.why());
        }
        return new Wrapping.Wrapped(policy.host().bwrap().toString(), BwrapCommand.arguments(policy, mode, roots, cwd), mode);
    }

    /** Whether bubblewrap works here, and if not why, in the user's words. */
    public BwrapProbe.Result probe() {
        BwrapProbe.Result result = state.probed;
        if (result == null) {
            result = BwrapProbe.run(policy.host().bwrap());
            state.probed = result;
        }
        return result;
    }
}
