package dev.tether.mcp.transport.stdio;

import dev.tether.jsonrpc.LineChannel;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.jsonrpc.SpillFiles;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.transport.OversizeLines;
import dev.tether.security.StdioEnvironment;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * An MCP server as a child process speaking newline-delimited JSON-RPC on stdin/stdout.
 * No shell is involved; a bare command is looked up on the server's PATH; the environment is
 * the {@link StdioEnvironment} allow-list plus the declared variables. Lines on stdout that are
 * not JSON are counted and skipped, stderr is kept in a bounded ring, and the end of the
 * process ends the channel at once (so pending requests fail without waiting for a timeout).
 * {@link #close()} closes stdin, then SIGTERMs and finally SIGKILLs the whole process tree.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio">MCP stdio transport</a>
 */
public final class StdioTransport implements MessageChannel {
    private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);
    /** How long a server may take to exit after its stdin closes. */
    public static final Duration STDIN_GRACE = Duration.ofMillis(500);
    /** How long the process tree may take to exit after SIGTERM, before SIGKILL. */
    public static final Duration TERM_GRACE = Duration.ofMillis(600);
    private static final int STDERR_LINES = 200;
    private static final int STDERR_CHARS = 64 * 1024;

    private final String name;
    private final Process process;
    private final LineChannel lines;
    private final StderrRing stderr = new StderrRing(STDERR_LINES, STDERR_CHARS);
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile Thread stderrDrain;

    private final int maxLineBytes;
    private final AtomicLong oversize = new AtomicLong();
    private volatile Listener listener;

    private StdioTransport(String name, Process process, int maxLineBytes) {
        this.name = name;
        this.process = process;
        this.maxLineBytes = maxLineBytes;
        this.lines = new LineChannel("mcp-" + name, process.getInputStream(), process.getOutputStream(), maxLineBytes)
                .onOversize(this::oversize);
    }

    /** A dropped line that answered one of our requests fails that request now, not at its timeout. */
    private void oversize(LineChannel.Oversize line) {
        oversize.incrementAndGet();
        JsonNode id = OversizeLines.requestId(line);
        LOG.warn("mcp {}: dropped a {}-byte stdout line (limit {}){}", name, line.bytes(), maxLineBytes,
                id == null ? "" : "; failing request " + id);
        Listener l = listener;
        if (id != null && l != null) {
            l.onMessage(OversizeLines.errorAnswer(id, line.bytes(), maxLineBytes));
        }
    }

    /** How many stdout lines were dropped for their size. */
    public long oversizeCount() {
        return oversize.get();
    }

    /**
     * Starts the server process.
     *
     * @param defaultCwd the working directory when the spec names none
     * @param hostEnv    Tether's environment, filtered through the allow-list
     * @throws IOException the command cannot be found or started
     */
    public static StdioTransport launch(McpServerSpec.Stdio spec, Path defaultCwd, Map<String, String> hostEnv) throws IOException {
        return launch(spec, defaultCwd, hostEnv, LineChannel.DEFAULT_MAX_LINE_BYTES);
    }

    /** As {@link #launch(McpServerSpec.Stdio, Path, Map)}, with a limit on one stdout line. */
    public static StdioTransport launch(McpServerSpec.Stdio spec, Path defaultCwd, Map<String, String> hostEnv,
                                        int maxLineBytes) throws IOException {
        return launch(spec, defaultCwd, hostEnv, maxLineBytes, null);
    }

    /**
     * As {@link #launch(McpServerSpec.Stdio, Path, Map, int)}; the text items of huge tool results
     * go to {@code spills} while they are read (null: kept in memory).
     */
    public static StdioTransport launch(McpServerSpec.Stdio spec, Path defaultCwd, Map<String, String> hostEnv,
                                        int maxLineBytes, SpillFiles spills) throws IOException {
        return launch(spec, defaultCwd, hostEnv, maxLineBytes, spills, List.of());
    }

    /**
     * As {@link #launch(McpServerSpec.Stdio, Path, Map, int, SpillFiles)}, started through {@code wrapper}
     * (the sandbox's command line up to {@code --}; empty: as it is).
     */
    public static StdioTransport launch(McpServerSpec.Stdio spec, Path defaultCwd, Map<String, String> hostEnv,
                                        int maxLineBytes, SpillFiles spills, List<String> wrapper) throws IOException {
        StdioLaunch plan = plan(spec, defaultCwd, hostEnv);
        List<String> command = new ArrayList<>(wrapper);
        command.add(plan.program().toString());
        command.addAll(plan.args());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(plan.cwd().toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectError(ProcessBuilder.Redirect.PIPE);
        builder.environment().clear();
        builder.environment().putAll(plan.env());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            LOG.debug("mcp {}: cannot start {}", spec.name(), plan.program(), e);
            throw new IOException(dev.tether.base.FailureWords.program(e, spec.command(), plan.program()), null);
        }
        StdioTransport transport = new StdioTransport(spec.name(), process, maxLineBytes);
        transport.lines.spillTo(spills);
        return transport;
    }

    /**
     * What {@link #launch} would start for {@code spec}: the environment is the allow-list of
     * {@code hostEnv} plus the declared variables, the directory the spec's {@code cwd} (else
     * {@code defaultCwd}), the program looked up as {@link #resolve} does.
     *
     * @throws IOException the command is missing or not found on the server's PATH
     */
    public static StdioLaunch plan(McpServerSpec.Stdio spec, Path defaultCwd, Map<String, String> hostEnv) throws IOException {
        Map<String, String> env = StdioEnvironment.build(hostEnv, spec.env());
        Path cwd = spec.cwd() != null ? spec.cwd() : defaultCwd;
        return new StdioLaunch(resolve(spec.command(), env.get("PATH"), cwd), spec.args(), env, cwd);
    }

    /** The environment a server that declares no variables gets: the allow-list of {@code hostEnv}. */
    public static Map<String, String> inheritedEnvironment(Map<String, String> hostEnv) {
        return StdioEnvironment.build(hostEnv, Map.of());
    }

    /**
     * A command with a path separator is used as given (relative to cwd); a bare one is searched on
     * PATH, whose relative entries count from cwd, as they would for the server's own lookups.
     */
    static Path resolve(String command, String path, Path cwd) throws IOException {
        if (command == null || command.isBlank()) {
            throw new IOException("no command given");
        }
        if (command.contains("/") || command.contains(File.separator)) {
            Path program = cwd.resolve(command);
            if (!Files.exists(program)) {
                throw new IOException("no such file: \"" + command + "\" (looked for " + program + ", relative to " + cwd + ")");
            }
            return program;
        }
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path candidate = cwd.resolve(dir).resolve(command);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        throw new IOException("\"" + command + "\" was not found on PATH; install it, or give its full path as \"command\"");
    }

    @Override
    public void start(Listener listener) {
        this.listener = listener;
        stderrDrain = Thread.ofPlatform().daemon().name("mcp-" + name + "-stderr").start(this::drainStderr);
        lines.start(new Listener() {
            @Override
            public void onMessage(JsonNode message) {
                listener.onMessage(message);
            }

            @Override
            public void onMalformed(String reason) {
                listener.onMalformed(reason);
            }

            @Override
            public void onClosed(Throwable cause) {
                listener.onClosed(closing.get() ? null : exitCause(cause));
            }
        });
        // A server whose children keep stdout open would never give us EOF: watch the process itself.
        process.onExit().thenRun(() -> {
            if (!closing.get()) {
                LOG.debug("mcp {}: process exited with {}", name, process.exitValue());
                lines.close();
            }
        });
    }

    private Throwable exitCause(Throwable cause) {
        try {
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                return new IOException("server process exited with code " + process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return cause != null ? cause : new IOException("server closed its stdout");
    }

    private void drainStderr() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                stderr.add(line);
                LOG.debug("mcp {} stderr: {}", name, line);
            }
        } catch (IOException ignored) {
            // The process is gone; what we have is what there is.
        }
    }

    @Override
    public void send(JsonNode message) {
        lines.send(message);
    }

    /**
     * Tells {@code watcher} each line the server writes to stderr, the ones it wrote so far first;
     * on the reader thread, so it must not block.
     */
    public void watchStderr(java.util.function.Consumer<String> watcher) {
        stderr.watch(watcher);
    }

    /** The last lines the server wrote to stderr, waiting briefly for the rest when the process has ended. */
    public String stderrTail() {
        awaitStderr();
        return stderr.tail();
    }

    /** Its first error line and last telling lines on stderr, waiting briefly for the rest when the process has ended. */
    public StderrExcerpt stderrExcerpt() {
        awaitStderr();
        return stderr.excerpt();
    }

    private void awaitStderr() {
        Thread drain = stderrDrain;
        if (drain != null && !process.isAlive()) {
            try {
                drain.join(Duration.ofMillis(200));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The process's exit code, or null while it runs. */
    public Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        lines.close();
        try {
            if (!process.waitFor(STDIN_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                tree.addAll(process.descendants().toList());
                tree.forEach(ProcessHandle::destroy);
                process.destroy();
                if (!process.waitFor(TERM_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                }
            }
            tree.addAll(process.descendants().toList());
            long deadline = System.nanoTime() + TERM_GRACE.toNanos();
            for (ProcessHandle child : tree) {
                if (child.isAlive()) {
                    child.destroy();
                }
            }
            for (ProcessHandle child : tree) {
                long left = deadline - System.nanoTime();
                if (child.isAlive() && left > 0) {
                    try {
                        child.onExit().get(left, TimeUnit.NANOSECONDS);
                    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException ignored) {
                        // Killed below.
                    }
                }
                if (child.isAlive()) {
                    child.destroyForcibly();
                }
            }
            process.waitFor(200, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            tree.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
