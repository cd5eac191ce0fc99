package dev.tether.cli.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * What {@code tether exec} reads from stdin: the whole prompt for {@code -} or no PROMPT, or what is
 * piped beside a PROMPT, appended to it. Bounded in bytes, and never waited for past its silence.
 */
final class ExecStdin {
    private ExecStdin() {}

    /** The run's prompt: {@code given} (the PROMPT argument, or null for none) with what stdin adds. */
    static String prompt(String given, ExecCommand.Process process) throws ExecArgs.Usage {
        return given != null ? withPipedInput(given, process) : readPrompt(process);
    }

    /** The whole of stdin, for {@code -} or no PROMPT; at a terminal there is nothing to read, so that is a usage error. */
    private static String readPrompt(ExecCommand.Process process) throws ExecArgs.Usage {
        if (process.stdinIsTerminal()) {
            throw new ExecArgs.Usage("no PROMPT: give one as an argument, or pipe it on stdin (tether exec --help)");
        }
        String text;
        try {
            text = new String(bounded(process.stdin(), 0), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ExecArgs.Usage("cannot read the prompt from stdin: " + e.getMessage());
        }
        if (text.isBlank()) {
            throw new ExecArgs.Usage("the prompt on stdin is empty");
        }
        return text;
    }

    /** The most of stdin a run reads: a prompt larger than the agent takes in one message could never be sent. */
    static final int MAX_STDIN_BYTES = dev.tether.jsonrpc.LineChannel.DEFAULT_MAX_LINE_BYTES;

    /** All of {@code in} after {@code already} bytes were read; past {@link #MAX_STDIN_BYTES} it stops and says so. */
    private static byte[] bounded(java.io.InputStream in, int already) throws IOException {
        byte[] data = in.readNBytes(MAX_STDIN_BYTES - already + 1);
        if (data.length > MAX_STDIN_BYTES - already) {
            throw new IOException("it is larger than " + MAX_STDIN_BYTES / (1024 * 1024) + " MiB, more than one prompt can carry");
        }
        return data;
    }

    /** How long a PROMPT waits for stdin to give data or end before going on without it. */
    private static final Duration STDIN_WAIT = Duration.ofSeconds(3);

    /**
     * A PROMPT with what is piped on stdin appended after a blank line ({@code git diff | tether
     * exec "Review this diff"}). A stdin that gives neither data nor its end within
     * {@link #STDIN_WAIT} (an inherited, idle pipe in CI) is not waited for; once data comes it is
     * read to its end.
     */
    private static String withPipedInput(String prompt, ExecCommand.Process process) throws ExecArgs.Usage {
        if (prompt.isBlank()) {
            throw new ExecArgs.Usage("the PROMPT is empty");
        }
        if (process.stdinIsTerminal()) {
            return prompt;
        }
        CompletableFuture<Void> started = new CompletableFuture<>();
        CompletableFuture<byte[]> piped = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("exec-stdin").start(() -> {
            try {
                int first = process.stdin().read();
                started.complete(null);
                if (first < 0) {
                    piped.complete(new byte[0]);
                    return;
                }
                byte[] rest = bounded(process.stdin(), 1);
                byte[] all = new byte[rest.length + 1];
                all[0] = (byte) first;
                System.arraycopy(rest, 0, all, 1, rest.length);
                piped.complete(all);
            } catch (IOException | RuntimeException e) {
                started.complete(null);
                piped.completeExceptionally(e);
            }
        });
        try {
            started.get(STDIN_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            process.stderr().println("tether exec: stdin gave nothing in " + STDIN_WAIT.toSeconds()
                    + " s; going on without it (< /dev/null skips the wait)");
            return prompt;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return prompt;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e); // Never: started only completes normally.
        }
        String text;
        try {
            text = new String(piped.join(), StandardCharsets.UTF_8);
        } catch (java.util.concurrent.CompletionException e) {
            throw new ExecArgs.Usage("cannot read stdin: " + e.getCause().getMessage());
        }
        return text.isBlank() ? prompt : prompt + "\n\n" + text;
    }
}
