package dev.tether.session.commands;

import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.sandbox.BwrapProbe;
import dev.tether.tools.sandbox.Sandbox;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code /sandbox}: which mechanism confines this session's commands, and the policy in force
 * (mode and why, what is writable, what is hidden, the network). Answered without the model.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
public final class SandboxCommand {
    static final String NAME = "sandbox";
    static final SessionEvent.Command COMMAND = new SessionEvent.Command(NAME,
            "Show whether commands run in the OS sandbox, and what it lets them do", null);

    private SandboxCommand() {}

    /** Whether {@code prompt} is {@code /sandbox}. */
    public static boolean matches(List<PromptBlock> prompt) {
        String first = !prompt.isEmpty() && prompt.getFirst() instanceof PromptBlock.Text t ? t.text().strip() : null;
        Optional<SlashCommands.Invocation> invocation = SlashCommands.parse(first);
        return invocation.isPresent() && invocation.get().name().equals(NAME);
    }

    /** The page for {@code sandbox} in a session with {@code roots}. */
    public static String report(Sandbox sandbox, List<Path> roots) {
        SandboxPolicy policy = sandbox.policy();
        SandboxMode mode = sandbox.mode();
        StringBuilder out = new StringBuilder("**Sandbox**: ").append(mode.id());
        out.append(policy.managed() ? " (set by the managed settings)"
                : policy.mode() == null ? " (the default: workspace-write while the session is in auto mode, off otherwise)"
                : " (your settings or this run)").append('\n');
        if (mode == SandboxMode.OFF) {
            out.append("Commands run with your full access: files, credentials and network. Set \"sandbox\": {\"mode\": "
                    + "\"workspace-write\"} in the config file, or use auto mode, to confine them.\n");
            return out.toString();
        }
        BwrapProbe.Result probe = sandbox.probe();
        if (!probe.works()) {
            out.append("⚠ Not available: ").append(probe.why())
                    .append(". Each command is asked about instead, and runs outside the sandbox if you allow it.\n");
            return out.toString();
        }
        out.append("Mechanism: bubblewrap (").append(policy.host().bwrap()).append("): its own PID namespace and /proc, ")
                .append("/ read-only, a private /tmp, no new privileges; it ends with Tether.\n");
        out.append("Writable: ");
        if (mode == SandboxMode.READ_ONLY) {
            out.append("only the private /tmp\n");
        } else {
            List<String> writable = new java.util.ArrayList<>(roots.stream().map(Path::toString).toList());
            policy.writableRoots().forEach(p -> writable.add(p.toString()));
            out.append(String.join(", ", writable)).append(", and the private /tmp")
                    .append(" (git's config, hooks and info, and the files editors and direnv run, stay read-only)\n");
        }
        List<Path> hidden = policy.denyRead().stream().filter(p -> Files.exists(p)).toList();
        out.append("Hidden (").append(hidden.size()).append(" present of ").append(policy.denyRead().size()).append(" listed): ")
                .append(hidden.isEmpty() ? "none present" : String.join(", ", hidden.stream().map(Path::toString).toList()))
                .append('\n');
        out.append("Network: ").append(policy.network() ? "on" : "off (and the Unix sockets under /run and the runtime directory)")
                .append('\n');
        out.append("A command the sandbox stops is offered to run outside it, asking you each time.\n");
        return out.toString();
    }
}
