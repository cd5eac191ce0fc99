package dev.tether.tools.builtin;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.security.CodeFence;
import dev.tether.security.SecretCuts;
import dev.tether.security.SecretRegistry;
import dev.tether.tools.Location;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.rules.Subject;
import dev.tether.tools.sandbox.CreatedPaths;
import dev.tether.tools.sandbox.Sandbox;
import dev.tether.tools.sandbox.SandboxDenial;
import dev.tether.tools.sandbox.SandboxMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code run_command {command, cwd?, timeout_ms?}}: a shell command in the workspace. A
 * non-zero exit is a normal result the model reads, not a failure.
 */
public final class RunCommandTool implements Tool {
    public static final String NAME = "run_command";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    public static final Duration MAX_TIMEOUT = Duration.ofMinutes(10);
    /** The tail of the output kept for the model (and asked of the editor's terminal). */
    public static final int OUTPUT_BYTE_LIMIT = 64 * 1024;

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Run a shell command (/bin/sh -c) in the workspace, with stdin closed. Returns the exit code and the "
                    + "combined stdout/stderr (the last " + OUTPUT_BYTE_LIMIT / 1024 + " KB). Default timeout "
                    + DEFAULT_TIMEOUT.toSeconds() + " s, at most " + MAX_TIMEOUT.toMinutes() + " min.",
            Json.parse("""
                    {"type":"object","properties":{
                      "command":{"type":"string","description":"The shell command line"},
                      "cwd":{"type":"string","description":"Working directory inside the workspace (default: workspace root)"},
                      "timeout_ms":{"type":"integer","minimum":1,"maximum":600000,"description":"Timeout in milliseconds"}},
                     "required":["command"],"additionalProperties":false}"""));

    private final Duration defaultTimeout;
    private final SecretRegistry secrets;
    private final SecretCuts cuts;

    public RunCommandTool() {
        this(DEFAULT_TIMEOUT);
    }

    /** @param defaultTimeout used when the call gives no {@code timeout_ms} (a settings override) */
    public RunCommandTool(Duration defaultTimeout) {
        this(defaultTimeout, SecretRegistry.empty());
    }

    /**
     * @param secrets the variables a command must not inherit (the provider keys and {@code TETHER_*} always),
     *                and the values masked in its output before the output is cut
     */
    public RunCommandTool(Duration defaultTimeout, SecretRegistry secrets) {
        this.defaultTimeout = defaultTimeout;
        this.secrets = secrets;
        this.cuts = SecretCuts.of(secrets);
    }

    /** Commands are audited like MCP calls: who allowed it, where it ran, how it ended (never the command line itself). */
    @Override
    public JsonNode auditInfo() {
        return Json.object().put("builtin", true);
    }

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.EXECUTE, ToolTraits.Category.EXECUTE);
    }

    @Override
    public Subject subject(JsonNode input, ToolContext context) {
        return Subjects.command(NAME, input);
    }

    /**
     * A command as a permission request shows it: whole, fenced, with invisible characters spelled
     * out, so that what the user approves is what runs (also the sandbox escalation's request).
     */
    public static String preview(String command) {
        return CodeFence.wrap(Display.visible(command), "sh");
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        try {
            Input in = Input.of(NAME, input);
            String command = in.requiredString("command");
            Path cwd = in.path(context.workspace(), "cwd", ".");
            String title = "Run `" + Display.snippet(command, 80) + "`"
                    + (cwd.equals(context.workspace().cwd()) ? "" : " in " + Display.titlePath(context.workspace(), cwd));
            return new ToolCallView(title, ToolKind.EXECUTE, List.of(new Location(cwd.toString(), null)),
                    List.of(ToolDisplay.text(preview(command))));
        } catch (ToolError.TellModel e) {
            return ToolCallView.of("Run command", ToolKind.EXECUTE);
        }
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Input in = Input.of(NAME, input);
        String command = in.requiredString("command");
        if (command.isBlank()) {
            throw in.failure("command is required");
        }
        Path cwd = in.path(context.workspace(), "cwd", ".");
        if (!Files.isDirectory(cwd)) {
            throw in.failure("cwd is not a directory: " + Display.path(context.workspace(), cwd));
        }
        Long timeoutMs = in.optionalLong("timeout_ms", 1);
        if (timeoutMs != null && timeoutMs > MAX_TIMEOUT.toMillis()) {
            throw in.failure("timeout_ms must be at most " + MAX_TIMEOUT.toMillis());
        }
        Duration timeout = timeoutMs == null ? defaultTimeout : Duration.ofMillis(timeoutMs);
        Ran ran = runConfined(context, in, new CommandSpec(command, cwd, timeout, OUTPUT_BYTE_LIMIT + cuts.tailMarginBytes(),
                secrets));
        CommandResult result = ran.result();
        String note = ran.note();
        String text = (note == null ? "" : note + "\n") + render(result, timeout);
        List<ToolDisplay> forEditor = new java.util.ArrayList<>();
        if (note != null) {
            forEditor.add(ToolDisplay.text(note));
        }
        forEditor.add(result.terminalId() != null
                ? new ToolDisplay.Terminal(result.terminalId())
                : ToolDisplay.text(CodeFence.wrap(result.output(), "")));
        ObjectNode raw = Json.object();
        raw.put("sandbox", ran.sandbox().id());
        raw.put("exitCode", result.exitCode());
        raw.put("signal", result.signal());
        raw.put("truncated", result.truncated());
        raw.put("timedOut", result.timedOut());
        // The audit log keeps where it ran, and whether the user let it out of the sandbox.
        ObjectNode audit = Json.object().put("sandbox", ran.sandbox().id()).put("exitCode", result.exitCode());
        if (ran.escalation() != null) {
            audit.put("sandboxEscalation", ran.escalation());
        }
        return new ToolOutcome(List.of(new Part.Text(text)), List.copyOf(forEditor), raw, false, audit);
    }

    /**
     * A command as it ran, and what the model and the user are told about the sandbox around it.
     *
     * @param note    what to say before the output, or null
     * @param sandbox    the sandbox it ran in ({@code off}: none)
     * @param escalation when the sandbox stopped it: {@code allowed} (the user let it run again outside)
     *                   or {@code refused}; else null
     */
    private record Ran(CommandResult result, String note, SandboxMode sandbox, String escalation) {}

    /**
     * Runs {@code spec} inside the session's sandbox where there is one: afterwards the protected
     * files it created are removed, and a failure the sandbox caused is offered to run once
     * outside it, through the user.
     */
    private Ran runConfined(ToolContext context, Input in, CommandSpec direct) throws ToolError.TellModel {
        Sandbox.Wrapping wrapping = context.sandbox().wrap(context.workspace().roots(), direct.cwd());
        if (!(wrapping instanceof Sandbox.Wrapping.Wrapped wrapped)) {
            // Off, or unavailable: then the gate asked the user, saying so, and what they allowed runs as it is.
            return new Ran(attempt(context, in, direct), null, SandboxMode.OFF, null);
        }
        CreatedPaths watched = CreatedPaths.before(context.workspace().roots(), direct.cwd());
        CommandResult result = attempt(context, in, new CommandSpec(direct.command(), direct.cwd(), direct.timeout(),
                direct.outputByteLimit(), direct.secrets(), wrapped));
        String removed = removeCreated(context, watched);
        String note = "Ran in the sandbox (" + wrapped.mode().id() + ").";
        SandboxMode ranIn = wrapped.mode();
        String why = failedInSandbox(result, wrapped, context.sandbox().policy().network());
        String escalation = null;
        if (why != null) {
            escalation = "refused";
            if (context.sandbox().escalation().allowOutside(context.toolCallId(), direct.command(), why, context.cancellation())) {
                escalation = "allowed";
                result = attempt(context, in, direct);
                ranIn = SandboxMode.OFF;
                note = "It failed in the sandbox (" + why + "); the user allowed running it outside the sandbox, "
                        + "and this is that run.";
            } else {
                note = "Ran in the sandbox (" + wrapped.mode().id() + "), which stopped " + why
                        + ". Running it outside the sandbox was not allowed.";
            }
        }
        return new Ran(result, removed == null ? note : note + "\n" + removed, ranIn, escalation);
    }

    private CommandResult attempt(ToolContext context, Input in, CommandSpec spec) throws ToolError.TellModel {
        try {
            return masked(CommandRunner.run(context, spec));
        } catch (ToolError.TellModel e) {
            throw in.failure(e.getMessage());
        }
    }

    /**
     * Removes the protected files a sandboxed command created (git, direnv and editors would run
     * them) and says so, to the model and in the editor; null when it created none.
     */
    private static String removeCreated(ToolContext context, CreatedPaths watched) {
        List<String> lines = new java.util.ArrayList<>();
        for (Path created : watched.created()) {
            var protection = context.protectedPaths().match(context.workspace(), created);
            if (protection.isEmpty()) {
                continue;
            }
            boolean gone = CreatedPaths.remove(created);
            lines.add((gone ? "Removed " : "Could not remove ") + protection.get().path() + ", which the sandboxed command created: "
                    + protection.get().why() + ".");
        }
        for (Path changed : watched.changed()) {
            // Old contents are not kept, and a moved git directory may hold work: told, never undone.
            String shown = context.protectedPaths().match(context.workspace(), changed)
                    .map(p -> p.path() + ", which the sandboxed command changed or replaced: " + p.why())
                    .orElse(changed + ", which the sandboxed command changed or replaced: git reads or runs it");
            lines.add(shown + ". It was not undone: look at it before running git here.");
        }
        if (lines.isEmpty()) {
            return null;
        }
        String text = String.join("\n", lines);
        context.progress().show(List.of(ToolDisplay.text(text)));
        return text;
    }

    /** What the sandbox stopped, when a sandboxed command failed because of it; otherwise null. */
    private static String failedInSandbox(CommandResult result, Sandbox.Wrapping.Wrapped wrapped, boolean network) {
        if (result.timedOut() || result.exitCode() == null || result.exitCode() == 0) {
            return null;
        }
        return SandboxDenial.why(result.output(), wrapped.mode(), network);
    }

    /**
     * The output masked before it is cut to its last {@link #OUTPUT_BYTE_LIMIT} bytes: the runner
     * kept a little more, so a key that its cut split is dropped whole, not shown as its end.
     */
    private CommandResult masked(CommandResult result) {
        String tail = cuts.tail(result.output(), result.truncated(), OUTPUT_BYTE_LIMIT);
        boolean truncated = result.truncated() || tail.length() < cuts.mask(result.output()).length();
        return new CommandResult(result.exitCode(), result.signal(), tail, truncated, result.timedOut(), result.terminalId());
    }

    static String render(CommandResult result, Duration timeout) {
        StringBuilder text = new StringBuilder();
        if (result.timedOut()) {
            text.append("Timed out after ").append(human(timeout)).append("; the command was killed.\n");
        }
        text.append("Exit code: ").append(result.exitCode() == null ? "none" : result.exitCode()).append('\n');
        if (result.signal() != null) {
            text.append("Signal: ").append(result.signal()).append('\n');
        }
        if (result.output().isEmpty()) {
            text.append("Output: (none)");
        } else {
            text.append(result.truncated() ? "Output (truncated: only the end is shown):\n" : "Output:\n")
                    .append(result.output());
        }
        return text.toString();
    }

    private static String human(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
