package dev.tether.cli.exec;

import dev.tether.cli.exit.ExitCode;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.session.SessionServices;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether exec [options] [PROMPT]}: one turn of the agent, for scripts and CI. Inside this
 * process it is an ACP client of Tether's own agent (the same wiring {@code tether acp} serves an
 * editor with), so sessions, transcripts, MCP servers, rules and modes are the editor's. The
 * answer goes to stdout (or JSON Lines with {@code --json}), progress to stderr, and the exit code
 * says how the turn ended ({@link ExitCode}).
 */
public final class ExecCommand {
    /** The agent, as {@code tether acp} runs it on {@code in}/{@code out} until {@code in} ends; the composition root passes it. */
    @FunctionalInterface
    public interface Agent {
        int serve(String[] args, InputStream in, OutputStream out, PrintStream err, Map<String, String> env,
                  UnaryOperator<SessionServices> adjust);
    }

    /** What the process gives exec: its streams, whether stdin and stderr are terminals, its environment and working directory. */
    public record Process(InputStream stdin, boolean stdinIsTerminal, boolean stderrIsTerminal, OutputStream stdout, PrintStream stderr,
                          Map<String, String> env, Path workingDirectory, Interrupts interrupts) {}

    /** Where exec learns of an interrupt (SIGINT): {@code onFirst} runs at the first; the process ends at the second. */
    @FunctionalInterface
    public interface Interrupts {
        void install(Runnable onFirst);
    }

    private ExecCommand() {}

    public static int run(String[] args, Process process, Agent agent) {
        PrintStream err = process.stderr();
        ExecArgs options;
        String prompt;
        ExecSetup setup;
        try {
            options = ExecArgs.parse(args, process.workingDirectory());
            prompt = options.prompt() != null ? options.prompt() : readPrompt(process);
            setup = ExecSetup.of(options, prompt);
        } catch (ExecArgs.Usage e) {
            err.println("tether exec: " + e.getMessage());
            return ExitCode.USAGE.code();
        }
        Map<String, String> env = new HashMap<>(process.env());
        if (options.provider() != null) {
            env.put("TETHER_PROVIDER", options.provider());
        }
        if (options.model() != null) {
            env.put("TETHER_MODEL", options.model());
        }
        PrintStream out = new PrintStream(process.stdout(), false, StandardCharsets.UTF_8);
        ExecOutput output = options.json() ? new JsonLines(out) : new PlainOutput(out, err, process.stderrIsTerminal());
        try {
            return new Run(options, setup, output, err, process.interrupts()).drive(agent, env);
        } finally {
            output.stop();
        }
    }

    /** The whole of stdin, for {@code -} or no PROMPT; at a terminal there is nothing to read, so that is a usage error. */
    private static String readPrompt(Process process) throws ExecArgs.Usage {
        if (process.stdinIsTerminal()) {
            throw new ExecArgs.Usage("no PROMPT: give one as an argument, or pipe it on stdin (tether exec --help)");
        }
        String text;
        try {
            text = new String(process.stdin().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ExecArgs.Usage("cannot read the prompt from stdin: " + e.getMessage());
        }
        if (text.isBlank()) {
            throw new ExecArgs.Usage("the prompt on stdin is empty");
        }
        return text;
    }

    /** One run: the agent on a pair of pipes, and exec as its client. */
    private static final class Run {
        private final ExecArgs options;
        private final ExecSetup setup;
        private final ExecOutput output;
        private final PrintStream err;
        private final Interrupts interrupts;
        /** What failed in a turn of this run ({@code model} or {@code tool}), or null. */
        private String turnFailed;
        /** What ended the turn early, if anything did: {@code timeout} or {@code interrupt}. */
        private final AtomicReference<String> endedBy = new AtomicReference<>();

        Run(ExecArgs options, ExecSetup setup, ExecOutput output, PrintStream err, Interrupts interrupts) {
            this.options = options;
            this.setup = setup;
            this.output = output;
            this.err = err;
            this.interrupts = interrupts;
        }

        int drive(Agent agent, Map<String, String> env) {
            long started = System.nanoTime();
            Pipe toAgent;
            Pipe fromAgent;
            try {
                toAgent = Pipe.open();
                fromAgent = Pipe.open();
            } catch (IOException e) {
                err.println("tether exec: " + e.getMessage());
                return ExitCode.FAILURE.code();
            }
            InputStream agentIn = Channels.newInputStream(toAgent.source());
            OutputStream agentOut = Channels.newOutputStream(fromAgent.sink());
            CompletableFuture<Integer> serving = new CompletableFuture<>();
            Thread.ofPlatform().name("exec-agent").start(() -> {
                try {
                    serving.complete(agent.serve(acpArgs(), agentIn, agentOut, err, env, setup::adjust));
                } catch (RuntimeException e) {
                    serving.completeExceptionally(e);
                } finally {
                    try {
                        agentOut.close();
                    } catch (IOException ignored) {
                        // Already closed.
                    }
                }
            });
            int code;
            OutputStream toAgentOut = Channels.newOutputStream(toAgent.sink());
            try (ExecClient client = new ExecClient(Channels.newInputStream(fromAgent.source()), toAgentOut, output, err)) {
                code = turn(client, started);
                try {
                    toAgentOut.close();
                } catch (IOException ignored) {
                    // The agent already went away.
                }
                // The agent's own exit code says more when it refused to start (a configuration error is 2).
                int agentCode = serving.handle((served, failure) -> failure == null ? served : ExitCode.FAILURE.code()).join();
                if (code == ExitCode.FAILURE.code() && agentCode != ExitCode.OK.code()) {
                    code = agentCode;
                }
            }
            return code;
        }

        private String[] acpArgs() {
            return options.passOn().toArray(String[]::new);
        }

        private int turn(ExecClient client, long started) {
            try {
                ObjectNode init = Json.object().put("protocolVersion", 1);
                // No file system or terminal (the agent uses its own); elicitation and notices, so that exec can report them.
                init.set("clientCapabilities", Json.parse("{\"fs\":{\"readTextFile\":false,\"writeTextFile\":false},\"terminal\":false,"
                        + "\"elicitation\":{\"form\":{},\"url\":{}},\"session\":{\"notices\":{}}}"));
                init.putObject("clientInfo").put("name", "tether-exec").put("version", "1");
                client.call("initialize", init);
                if (options.sandbox() != null) {
                    // The first initialize is answered before the agent has its settings; any later request is
                    // answered after it took this run's (ExecSetup.adjust). session/list is that fence, and creates
                    // nothing: a refused --sandbox opens no session.
                    client.call("session/list", Json.object().put("cwd", options.cwd().toString()));
                    if (setup.sandboxRefused() != null) {
                        throw new ExecArgs.Usage(setup.sandboxRefused());
                    }
                }
                String sessionId = open(client);
                if (options.mode() != null) {
                    client.call("session/set_mode", Json.object().put("sessionId", sessionId).put("modeId", options.mode()));
                }
                Runnable cancel = () -> client.notify("session/cancel", Json.object().put("sessionId", sessionId));
                interrupts.install(() -> {
                    endedBy.compareAndSet(null, "interrupt");
                    err.println("tether exec: interrupted; cancelling the turn (again to exit at once)");
                    cancel.run();
                });
                Thread timer = options.timeout() <= 0 ? null : Thread.ofVirtual().start(() -> {
                    try {
                        // Counted from the start of the run: the session's creation is part of what a CI job waits for.
                        Duration left = Duration.ofSeconds(options.timeout()).minusNanos(System.nanoTime() - started);
                        if (left.isPositive()) {
                            Thread.sleep(left);
                        }
                    } catch (InterruptedException e) {
                        return;
                    }
                    if (endedBy.compareAndSet(null, "timeout")) {
                        err.println("tether exec: --timeout " + options.timeout() + " s reached; cancelling the turn");
                        cancel.run();
                    }
                });
                String stopReason;
                OutputSchema.Verdict verdict = null;
                try {
                    stopReason = prompt(client, sessionId, setup.prompt());
                    if (setup.schema() != null && stopReason.equals("end_turn")) {
                        verdict = setup.schema().check(client.answer());
                        if (!verdict.met()) {
                            // One corrective turn: the model reads what was wrong and answers again.
                            err.println("tether exec: the answer does not meet --output-schema; asking once more");
                            stopReason = prompt(client, sessionId, ExecSetup.text(setup.schema().correction(verdict)));
                            verdict = stopReason.equals("end_turn") ? setup.schema().check(client.answer()) : null;
                        }
                    }
                } finally {
                    if (timer != null) {
                        timer.interrupt();
                    }
                }
                if (options.ephemeral()) {
                    client.call("session/delete", Json.object().put("sessionId", sessionId));
                }
                String text = client.answer();
                output.result(new ExecOutput.Result(sessionId, stopReason, text, client.usage(),
                        (System.nanoTime() - started) / 1_000_000));
                if (options.outputFile() != null) {
                    try {
                        Files.writeString(options.outputFile(), text);
                    } catch (IOException e) {
                        err.println("tether exec: -o " + options.outputFile() + ": " + e.getMessage());
                        return ExitCode.FAILURE.code();
                    }
                }
                if (turnFailed != null) {
                    err.println("tether exec: " + (turnFailed.equals("model") ? "a model request" : "a tool call")
                            + " failed, which ended the turn (the agent's message says why)");
                    return ExitCode.FAILURE.code();
                }
                if (verdict != null && !verdict.met()) {
                    err.println("tether exec: the answer does not meet --output-schema " + options.outputSchema() + ":");
                    verdict.problems().forEach(problem -> err.println("  " + problem));
                    return ExitCode.SCHEMA.code();
                }
                return exitCode(stopReason, endedBy.get());
            } catch (ExecClient.Failure e) {
                err.println("tether exec: " + e.getMessage());
                return e.code() == JsonRpcError.AUTH_REQUIRED ? ExitCode.AUTH.code() : ExitCode.FAILURE.code();
            } catch (ExecArgs.Usage e) {
                err.println("tether exec: " + e.getMessage());
                return ExitCode.USAGE.code();
            }
        }

        /** One turn; the agent's messages of this turn become {@link ExecClient#answer()}. */
        private String prompt(ExecClient client, String sessionId, ArrayNode blocks)
                throws ExecClient.Failure {
            client.collect(sessionId);
            ObjectNode params = Json.object().put("sessionId", sessionId);
            params.set("prompt", blocks);
            JsonNode answer = client.call("session/prompt", params);
            client.turnUsed(answer);
            // A failed model request (or a fatal tool error) ends the turn as end_turn with a message; the answer's _meta says so.
            String failed = answer.path("_meta").path("tether").path("turnFailed").asString(null);
            if (failed != null) {
                turnFailed = failed;
            }
            return answer.path("stopReason").asString("end_turn");
        }

        /** A new session, or the one {@code --resume} names, or the newest of this directory for {@code --continue}. */
        private String open(ExecClient client) throws ExecClient.Failure, ExecArgs.Usage {
            String cwd = options.cwd().toString();
            String resume = options.resume();
            if (options.continueLast()) {
                resume = newest(client.call("session/list", Json.object().put("cwd", cwd)));
                if (resume == null) {
                    throw new ExecClient.Failure(0, "--continue: there is no earlier session in " + cwd);
                }
            }
            ObjectNode params = Json.object().put("cwd", cwd);
            params.set("mcpServers", Json.array());
            if (resume == null) {
                return client.call("session/new", params).path("sessionId").asString();
            }
            params.put("sessionId", resume);
            try {
                client.call("session/resume", params);
            } catch (ExecClient.Failure e) {
                if (e.code() == JsonRpcError.RESOURCE_NOT_FOUND) {
                    throw new ExecArgs.Usage("--resume " + resume + ": " + e.getMessage());
                }
                throw e;
            }
            return resume;
        }

        private static String newest(JsonNode list) {
            String id = null;
            String at = "";
            for (JsonNode session : list.path("sessions")) {
                String updated = session.path("updatedAt").asString("");
                if (id == null || updated.compareTo(at) > 0) {
                    id = session.path("sessionId").asString();
                    at = updated;
                }
            }
            return id;
        }

        private static int exitCode(String stopReason, String endedBy) {
            return switch (stopReason) {
                case "end_turn" -> ExitCode.OK.code();
                case "cancelled" -> "timeout".equals(endedBy) ? ExitCode.LIMIT.code()
                        : "interrupt".equals(endedBy) ? ExitCode.INTERRUPTED.code() : ExitCode.FAILURE.code();
                case "max_tokens", "max_turn_requests", "refusal" -> ExitCode.LIMIT.code();
                default -> ExitCode.FAILURE.code();
            };
        }
    }
}
