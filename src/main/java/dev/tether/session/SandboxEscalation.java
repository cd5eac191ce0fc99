package dev.tether.session;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolKind;
import dev.tether.tools.builtin.RunCommandTool;
import dev.tether.tools.permission.PermissionChoice;
import dev.tether.tools.permission.PermissionPrompt;
import dev.tether.tools.permission.RuleBook;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.Ruling;
import dev.tether.tools.rules.Subject;
import dev.tether.tools.sandbox.Sandbox;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import org.slf4j.LoggerFactory;

/**
 * The session's answer to "may this command, which failed in the sandbox, run once outside it?":
 * a permission request of its own, titled so, showing the whole command (the title holds only its
 * start, and in {@code auto} this is the first time the user sees it) and what the sandbox
 * stopped, with only "Allow once" and "Reject", in every mode ({@code auto} never escalates by itself) and never remembered.
 * A deny rule for unsandboxed runs ({@code run_command:unsandboxed(...)}) answers no without asking.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
final class SandboxEscalation implements Sandbox.Escalation {
    private final PermissionPrompt prompt;
    private final RuleBook rules;
    private final Lock oneQuestionAtATime;

    /** @param oneQuestionAtATime held while asking, as the session's other permission requests hold it */
    SandboxEscalation(PermissionPrompt prompt, RuleBook rules, Lock oneQuestionAtATime) {
        this.prompt = prompt;
        this.rules = rules;
        this.oneQuestionAtATime = oneQuestionAtATime;
    }

    @Override
    public boolean allowOutside(String toolCallId, String command, String why, Cancellation cancellation) {
        Optional<Ruling> ruling = rules.rules().decide(new Subject.Builtin(RunCommandTool.NAME, command, List.of(), false));
        if (ruling.isPresent() && ruling.get().effect() == Effect.DENY) {
            return false; // the user's rule already answered: never outside the sandbox
        }
        ToolCallView view = new ToolCallView("Run outside the sandbox: `" + shortLine(command) + "`",
                ToolKind.EXECUTE, List.of(), List.of(ToolDisplay.text(RunCommandTool.preview(command)),
                        ToolDisplay.text("It failed in the sandbox: the sandbox stopped " + why
                        + ". Running it again outside the sandbox gives it your full access (files, credentials, network).")));
        PermissionPrompt.Question question = new PermissionPrompt.Question(toolCallId, view,
                Json.object().put("command", command).put("sandbox", "off"),
                List.of(PermissionChoice.ALLOW_ONCE, PermissionChoice.REJECT_ONCE), null);
        oneQuestionAtATime.lock();
        try {
            return switch (prompt.ask(question, cancellation)) {
                case PermissionPrompt.Answer.Chosen chosen -> chosen.choice() == PermissionChoice.ALLOW_ONCE;
                case PermissionPrompt.Answer.Dismissed dismissed -> throw new CancelledException();
                case PermissionPrompt.Answer.Unclear unclear -> false;
            };
        } catch (HostFailure e) {
            LoggerFactory.getLogger(SandboxEscalation.class).warn("could not ask to run a command outside the sandbox: {}",
                    e.getMessage());
            return false;
        } finally {
            oneQuestionAtATime.unlock();
        }
    }

    /** A command line as a title shows it: one line, cleaned, at most 80 characters. */
    private static String shortLine(String command) {
        String line = UnicodeSanitizer.clean(command.strip().replaceAll("\\s+", " "));
        return line.length() <= 80 ? line : line.substring(0, 79) + "…";
    }
}
