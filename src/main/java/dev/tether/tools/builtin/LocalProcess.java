package dev.tether.tools.builtin;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A command as a local {@code /bin/sh -c} process: stdin closed, output tail kept, tree killed on cancel/timeout. */
final class LocalProcess {
    private LocalProcess() {}

    static CommandResult run(ToolContext context, CommandSpec spec) throws ToolError.TellModel {
        context.cancellation().throwIfCancelled();
        ProcessBuilder builder = new ProcessBuilder(spec.argv())
                .directory(spec.cwd().toFile())
                .redirectErrorStream(true);
        // A command is the model's to choose: it must not read Tether's keys from its environment.
        builder.environment().keySet().removeIf(spec.secrets()::isSecretName);
        // Nobody can answer a pager or a prompt.
        builder.environment().put("PAGER", "cat");
        builder.environment().put("GIT_PAGER", "cat");
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        Process process;
        try {
            process = builder.start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new ToolError.TellModel("could not start the command: " + FileAccess.reason(e));
        }
        TailBuffer tail = new TailBuffer(spec.outputByteLimit());
        Thread reader = Thread.ofVirtual().name("command-output").start(() -> tail.drain(process.getInputStream()));
        boolean killed = false;
        try (Cancellation.Registration ignored = context.cancellation().onCancel(() -> killTree(process))) {
            if (!process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                killTree(process);
                killed = true;
            }
            process.waitFor(CommandRunner.CLEANUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            // A background child may hold the pipe open after the shell exits; do not wait for it.
            reader.join(CommandRunner.CLEANUP_TIMEOUT);
        } catch (InterruptedException e) {
            killTree(process);
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
        if (context.cancellation().isCancelled()) {
            throw new CancelledException();
        }
        Integer exitCode = killed || process.isAlive() ? null : process.exitValue();
        return new CommandResult(exitCode, killed ? "SIGKILL" : null, tail.text(), tail.truncated(), killed, null);
    }

    static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    /** Keeps the last {@code limit} bytes of a stream while draining all of it. */
    static final class TailBuffer {
        private final byte[] ring;
        private long total;

        TailBuffer(int limit) {
            this.ring = new byte[limit];
        }

        void drain(InputStream in) {
            byte[] chunk = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(chunk)) > 0) {
                    append(chunk, n);
                }
            } catch (IOException e) {
                // The process was killed or closed its output; what was read is the output.
            }
        }

        synchronized void append(byte[] chunk, int n) {
            for (int i = 0; i < n; i++) {
                ring[(int) (total++ % ring.length)] = chunk[i];
            }
        }

        synchronized boolean truncated() {
            return total > ring.length;
        }

        synchronized String text() {
            byte[] bytes;
            if (total <= ring.length) {
                bytes = java.util.Arrays.copyOf(ring, (int) total);
            } else {
                int start = (int) (total % ring.length);
                bytes = new byte[ring.length];
                System.arraycopy(ring, start, bytes, 0, ring.length - start);
                System.arraycopy(ring, 0, bytes, ring.length - start, start);
            }
            int from = 0;
            // The cut may fall inside a UTF-8 sequence; skip its continuation bytes.
            while (truncated() && from < bytes.length && (bytes[from] & 0xC0) == 0x80) {
                from++;
            }
            try {
                return StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE)
                        .decode(ByteBuffer.wrap(bytes, from, bytes.length - from)).toString();
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
