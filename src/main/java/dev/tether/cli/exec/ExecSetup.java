package dev.tether.cli.exec;

import dev.tether.json.Json;
import dev.tether.session.SessionServices;
import dev.tether.tools.Tool;
import dev.tether.tools.builtin.BuiltinTools;
import dev.tether.tools.builtin.ImageFile;
import dev.tether.tools.permission.RuleBook;
import dev.tether.tools.permission.RuleBooks;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.InvalidRule;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleScope;
import dev.tether.tools.rules.RuleSet;
import dev.tether.tools.rules.Target;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a run sends and changes, checked before the agent starts: the prompt's blocks (text and
 * {@code --image} files), the {@code --allow}/{@code --deny} rules and {@code --max-turns}.
 */
final class ExecSetup {
    private final ArrayNode prompt;
    private final List<PermissionRule> rules;
    private final int maxTurns;
    private final OutputSchema schema;
    private final SandboxMode sandbox;
    /** Why {@code --sandbox} could not be taken (the managed settings require a stricter mode), or null; set by {@link #adjust}. */
    private volatile String sandboxRefused;
    private final List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The {@code --allow} rules not yet reported as not applying (each is said once per run). */
    private final java.util.Set<String> notReported = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Where a run's late notices go (what is known only once the agent has its settings). */
    private volatile java.io.PrintStream err = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());

    private ExecSetup(ArrayNode prompt, List<PermissionRule> rules, int maxTurns, OutputSchema schema, SandboxMode sandbox) {
        this.prompt = prompt;
        this.rules = rules;
        this.maxTurns = maxTurns;
        this.schema = schema;
        this.sandbox = sandbox;
    }

    /**
     * Why this run's {@code --sandbox} was refused, or null: the managed settings chose a stricter
     * mode. Known once the agent has its services, so before the first session is answered.
     */
    String sandboxRefused() {
        return sandboxRefused;
    }

    /** A prompt of one text block. */
    static ArrayNode text(String text) {
        ArrayNode blocks = Json.array();
        blocks.add(Json.object().put("type", "text").put("text", text));
        return blocks;
    }

    /** {@code --output-schema}, or null. */
    OutputSchema schema() {
        return schema;
    }

    static ExecSetup of(ExecArgs options, String text) throws ExecArgs.Usage {
        OutputSchema schema = options.outputSchema() == null ? null : OutputSchema.read(options.outputSchema());
        ArrayNode prompt = text(schema == null ? text : text + schema.instruction());
        for (Path image : options.images()) {
            prompt.add(image(image));
        }
        if (!Files.isDirectory(options.cwd())) {
            throw new ExecArgs.Usage("--cwd " + options.cwd() + ": " + (Files.exists(options.cwd()) ? "not a directory" : "no such directory"));
        }
        List<String> passOn = options.passOn();
        for (int i = 0; i + 1 < passOn.size(); i++) {
            if (passOn.get(i).equals("--mcp-config")) {
                mcpConfig(passOn.get(i + 1));
            }
        }
        List<PermissionRule> rules = new ArrayList<>();
        for (String rule : options.deny()) {
            rules.add(rule(Effect.DENY, rule, "--deny"));
        }
        for (String rule : options.allow()) {
            rules.add(rule(Effect.ALLOW, rule, "--allow"));
        }
        ExecSetup setup = new ExecSetup(prompt, List.copyOf(rules), options.maxTurns(), schema, options.sandbox());
        options.allow().forEach(setup.notReported::add);
        if ("readOnly".equals(options.mode())) {
            setup.warnings.addAll(outOfReadOnly(rules));
        }
        return setup;
    }

    /**
     * Warnings for {@code --allow} rules that can never apply in read-only mode: every built-in tool
     * they name is one that mode does not offer (it offers reads and MCP tools), so no call reaches them.
     */
    private static List<String> outOfReadOnly(List<PermissionRule> rules) {
        List<Tool> builtins = BuiltinTools.all();
        List<String> warnings = new ArrayList<>();
        for (PermissionRule rule : rules) {
            if (rule.effect() != Effect.ALLOW || !(rule.target() instanceof Target.Builtin target)) {
                continue;
            }
            List<Tool> named = builtins.stream().filter(tool -> target.names().contains(tool.definition().name())
                    || (target.glob() != null && target.glob().matches(tool.definition().name()))).toList();
            if (!named.isEmpty() && named.stream().noneMatch(tool -> tool.traits().offeredInReadOnly())) {
                warnings.add("--allow " + rule.text() + " can never apply: --mode readOnly does not offer the tools it names"
                        + " (use --mode ask --allow " + rule.text() + " to allow exactly that and ask — so deny — the rest)");
            }
        }
        return warnings;
    }

    /** Where notices that are known only once the agent has its settings are printed. */
    void reportTo(java.io.PrintStream stream) {
        this.err = stream;
    }

    /** What the user should read on stderr before the run: flags that cannot do what they seem to. */
    List<String> warnings() {
        return List.copyOf(warnings);
    }

    /**
     * {@code --mcp-config}: inline JSON or a file of it, which must be a JSON object. A mistake here is
     * one on the command line (exit 2); an editor's agent only warns about it, since it must start.
     */
    private static void mcpConfig(String value) throws ExecArgs.Usage {
        boolean inline = value.strip().startsWith("{") || value.strip().startsWith("[");
        String named = inline ? "--mcp-config" : "--mcp-config " + value;
        String text;
        if (inline) {
            text = value;
        } else {
            try {
                text = Files.readString(Path.of(value));
            } catch (IOException e) {
                throw new ExecArgs.Usage("--mcp-config: " + dev.tether.base.FailureWords.file(e, value, Path.of(value).toAbsolutePath()));
            }
        }
        tools.jackson.databind.JsonNode parsed;
        try {
            parsed = Json.parse(text);
        } catch (tools.jackson.core.JacksonException e) {
            throw new ExecArgs.Usage(named + ": not JSON (" + e.getOriginalMessage() + ")");
        }
        if (parsed == null || !parsed.isObject()) {
            throw new ExecArgs.Usage(named + ": not a JSON object (it holds {\"mcpServers\": {…}})");
        }
    }

    /** The image block of {@code file}: known by its first bytes (never its name), and no larger than a model takes. */
    private static ObjectNode image(Path file) throws ExecArgs.Usage {
        byte[] data;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            data = in.readNBytes((int) ImageFile.MAX_BYTES + 1);
        } catch (IOException e) {
            throw new ExecArgs.Usage("--image: " + dev.tether.base.FailureWords.file(e, file.toString(), file));
        }
        if (data.length > ImageFile.MAX_BYTES) {
            throw new ExecArgs.Usage("--image " + file + ": larger than " + ImageFile.MAX_BYTES / 1000 + " KB, the most one image may be");
        }
        ImageFile.Kind kind = ImageFile.sniff(data);
        if (kind == null) {
            throw new ExecArgs.Usage("--image " + file + ": not a PNG, JPEG, GIF or WebP image (by its contents)");
        }
        return Json.object().put("type", "image").put("mimeType", kind.mimeType).put("data", Base64.getEncoder().encodeToString(data));
    }

    private static PermissionRule rule(Effect effect, String text, String flag) throws ExecArgs.Usage {
        try {
            return PermissionRule.parse(effect, RuleScope.FLAG, text, flag);
        } catch (InvalidRule e) {
            throw new ExecArgs.Usage(flag + " " + text + ": " + e.getMessage());
        }
    }

    ArrayNode prompt() {
        return prompt.deepCopy();
    }

    /** The session services with this run's rules, limit and sandbox mode. */
    SessionServices adjust(SessionServices services) {
        SessionServices adjusted = services;
        if (maxTurns > 0) {
            adjusted = adjusted.withLimits(adjusted.limits().withMaxModelRequests(maxTurns));
        }
        if (sandbox != null) {
            SandboxPolicy policy = adjusted.sandbox();
            if (policy.managed() && SandboxMode.stricter(policy.mode(), sandbox)) {
                sandboxRefused = "--sandbox " + sandbox.id() + ": the managed settings require the sandbox mode " + policy.mode().id();
            } else {
                adjusted = adjusted.withSandbox(policy.withMode(sandbox));
            }
        }
        if (!rules.isEmpty()) {
            RuleBooks configured = adjusted.rules();
            adjusted = adjusted.withRules(cwd -> {
                RuleBook book = configured.open(cwd);
                if (book.offersAlwaysAllow()) {
                    return new WithFlags(book, rules);
                }
                // The administrator lets only the managed settings allow: the command line's allow rules do not count
                // (its deny rules still do), and the user reads why.
                List<PermissionRule> denies = rules.stream().filter(rule -> rule.effect() != Effect.ALLOW).toList();
                for (PermissionRule rule : rules) {
                    if (rule.effect() == Effect.ALLOW && notReported.remove(rule.text())) {
                        err.println("tether exec: --allow " + rule.text() + " does not apply: the managed settings let only their"
                                + " own rules allow (allowManagedPermissionRulesOnly)");
                    }
                }
                return new WithFlags(book, denies);
            });
        }
        return adjusted;
    }

    /** A session's rule book with the command line's rules added: they hold for this run only and are never written. */
    private record WithFlags(RuleBook book, List<PermissionRule> flags) implements RuleBook {
        @Override
        public RuleSet rules() {
            return book.rules().with(flags);
        }

        @Override
        public String remember(PermissionRule rule) throws NotKept {
            return book.remember(rule);
        }

        @Override
        public boolean keeps() {
            return book.keeps();
        }

        @Override
        public boolean offersAlwaysAllow() {
            return book.offersAlwaysAllow();
        }

        @Override
        public List<String> warnings() {
            return book.warnings();
        }

        @Override
        public Pending pending() {
            return book.pending();
        }
    }
}
