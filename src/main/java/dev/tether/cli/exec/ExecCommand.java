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
            prompt = ExecStdin.prompt(options.prompt(), process);
            setup = ExecSetup.of(options, prompt);
            setup.warnings().forEach(warning -> err.println("tether exec: " + warning));
            setup.reportTo(err);
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

    /** One run: the agent on a pair of pipes, and exec as its client. */
    private static final class Run {
        private final ExecArgs options;
        private final ExecSetup setup;
        private final ExecOutput output;
        private final PrintStream err;
        private final Interrupts interrupts;
        /** What failed in a turn of this run ({@code model} or {@code tool}), or null. */
        private String turnFailed;
        /** Sends {@code session/cancel} for this run's session; set once the session is open. */
        private volatile Runnable cancelTurn = () -> { };
        /** Whether {@code --ephemeral}'s delete was sent. */
        private boolean deleted;
        /** How often a cancel is sent again while a cancelled turn's prompt is unanswered. */
        private static final Duration CANCEL_AGAIN = Duration.ofMillis(200);
        /** What ended the turn early, if anything did: {@code timeout} or {@code interrupt}; set before the cancel is sent. */
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
                try {
                    return afterOpen(client, sessionId, started);
                } finally {
                    // Whatever ended the run, an ephemeral session leaves no transcript.
                    deleteIfEphemeral(client, sessionId);
                }
            } catch (ExecClient.Failure e) {
                err.println("tether exec: " + e.getMessage());
                return e.code() == JsonRpcError.AUTH_REQUIRED ? ExitCode.AUTH.code() : ExitCode.FAILURE.code();
            } catch (ExecArgs.Usage e) {
                err.println("tether exec: " + e.getMessage());
                return ExitCode.USAGE.code();
            }
        }

        /** The run once its session exists: from here on it always ends with a result. */
        private int afterOpen(ExecClient client, String sessionId, long started) {
            Runnable cancel = () -> client.notify("session/cancel", Json.object().put("sessionId", sessionId));
            cancelTurn = cancel;
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
            ExecClient.Failure failure = null;
            try {
                if (options.mode() != null) {
                    client.call("session/set_mode", Json.object().put("sessionId", sessionId).put("modeId", options.mode()));
                }
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
            } catch (ExecClient.Failure e) {
                // The agent answered with an error (the provider rejected the key, the prompt is too large): still a result.
                failure = e;
                stopReason = "error";
            } finally {
                if (timer != null) {
                    timer.interrupt();
                }
            }
            deleteIfEphemeral(client, sessionId);
            // An answer that met the schema is the JSON value itself, without a fence around it.
            String text = failure != null ? failure.getMessage() : verdict != null && verdict.met() ? verdict.value() : client.answer();
            output.result(new ExecOutput.Result(sessionId, stopReason, text, client.usage(),
                    (System.nanoTime() - started) / 1_000_000));
            if (failure != null) {
                err.println("tether exec: " + failure.getMessage());
                return failure.code() == JsonRpcError.AUTH_REQUIRED ? ExitCode.AUTH.code() : ExitCode.FAILURE.code();
            }
            if (options.outputFile() != null) {
                try {
                    Files.writeString(options.outputFile(), text);
                } catch (IOException e) {
                    err.println("tether exec: -o " + options.outputFile() + ": " + whyNotWritten(options.outputFile(), e));
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
        }

        /** Why {@code file} could not be written, in the user's words (the exception's message is often the path alone). */
        private static String whyNotWritten(Path file, IOException e) {
            Path parent = file.toAbsolutePath().getParent();
            return switch (e) {
                case java.nio.file.NoSuchFileException missing when parent != null && !Files.isDirectory(parent) ->
                        "no such directory: " + parent;
                case java.nio.file.AccessDeniedException denied -> "permission denied";
                case java.nio.file.FileSystemException other when other.getReason() != null -> other.getReason();
                default -> Files.isDirectory(file) ? "it is a directory" : String.valueOf(e.getMessage());
            };
        }

        /** {@code --ephemeral}: the session is deleted (once), so that no transcript is left behind. */
        private void deleteIfEphemeral(ExecClient client, String sessionId) {
            if (!options.ephemeral() || deleted) {
                return;
            }
            deleted = true;
            try {
                client.call("session/delete", Json.object().put("sessionId", sessionId));
            } catch (ExecClient.Failure e) {
                err.println("tether exec: --ephemeral: the session " + sessionId + " could not be deleted: " + e.getMessage());
            }
        }

        /**
         * One turn; the agent's messages of this turn become {@link ExecClient#answer()}. A turn
         * cancelled (SIGINT, {@code --timeout}) before its prompt is sent is never sent; one
         * cancelled while the prompt is on its way is cancelled again until the agent answers, since a
         * {@code session/cancel} that reaches the session before its turn has started cancels nothing.
         */
        private String prompt(ExecClient client, String sessionId, ArrayNode blocks)
                throws ExecClient.Failure {
            if (endedBy.get() != null) {
                return "cancelled";
            }
            client.collect(sessionId);
            ObjectNode params = Json.object().put("sessionId", sessionId);
            params.set("prompt", blocks);
            JsonNode answer = client.call("session/prompt", params, CANCEL_AGAIN, () -> {
                if (endedBy.get() != null) {
                    cancelTurn.run();
                }
            });
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
            if (options.resume() != null) {
                // A session resumes in its own directory (its transcript says which): where exec runs does not move it.
                String own = directoryOf(client, resume);
                if (own != null && !own.equals(cwd)) {
                    if (options.cwdGiven()) {
                        throw new ExecArgs.Usage("--resume " + resume + ": the session's directory is " + own + ", not " + cwd
                                + " (leave out --cwd to resume it there)");
                    }
                    cwd = own;
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

        /** The directory of session {@code id} as {@code session/list} names it, or null when no listed session has that id. */
        private static String directoryOf(ExecClient client, String id) throws ExecClient.Failure {
            String cursor = null;
            do {
                ObjectNode params = Json.object();
                if (cursor != null) {
                    params.put("cursor", cursor);
                }
                JsonNode page = client.call("session/list", params);
                for (JsonNode session : page.path("sessions")) {
                    if (session.path("sessionId").asString("").equals(id)) {
                        return session.path("cwd").asString(null);
                    }
                }
                cursor = page.path("nextCursor").asString(null);
            } while (cursor != null);
            return null;
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
