package dev.tether.tools;

import dev.tether.acp.ClientChannel;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An in-memory editor behind {@link ClientChannel}: answers {@code fs/*} from unsaved buffers
 * or the disk, runs {@code terminal/*} commands for real, answers permission requests from a
 * script, and records every call. Like the real channel, a request whose cancellation fires
 * throws {@link CancelledException}.
 */
public final class FakeEditor implements ClientChannel {
    public record Call(String method, JsonNode params) {}

    private record Terminal(Process process, ByteArrayOutputStream output, Thread reader) {}

    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Map<Path, String> buffers = new ConcurrentHashMap<>();
    private final Map<String, Terminal> terminals = new ConcurrentHashMap<>();
    private final Deque<JsonNode> permissionAnswers = new ArrayDeque<>();
    private final CountDownLatch permissionAsked = new CountDownLatch(1);
    private int nextTerminal = 1;

    /** An unsaved buffer: reads through the editor see this text, not the disk's. */
    public FakeEditor buffer(Path path, String text) {
        buffers.put(path, text);
        return this;
    }

    public synchronized FakeEditor select(String optionId) {
        permissionAnswers.add(Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + optionId + "\"}}"));
        return this;
    }

    public synchronized FakeEditor dismiss() {
        permissionAnswers.add(Json.parse("{\"outcome\":{\"outcome\":\"cancelled\"}}"));
        return this;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    public List<Call> calls(String method) {
        return calls.stream().filter(c -> c.method().equals(method)).toList();
    }

    public List<String> methods() {
        return calls.stream().map(Call::method).toList();
    }

    public boolean awaitPermissionRequest(Duration timeout) throws InterruptedException {
        return permissionAsked.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public JsonNode request(String method, Object params, Cancellation cancellation) {
        JsonNode p = Json.tree(params);
        calls.add(new Call(method, p));
        cancellation.throwIfCancelled();
        try {
            return switch (method) {
                case "fs/read_text_file" -> read(p);
                case "fs/write_text_file" -> write(p);
                case "terminal/create" -> create(p);
                case "terminal/wait_for_exit" -> waitForExit(p, cancellation);
                case "terminal/output" -> output(p);
                case "terminal/kill" -> kill(p, false);
                case "terminal/release" -> kill(p, true);
                case "session/request_permission" -> permission(cancellation);
                default -> throw JsonRpcException.methodNotFound(method);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void notify(String method, Object params) {
        calls.add(new Call(method, Json.tree(params)));
    }

    private JsonNode read(JsonNode p) throws IOException {
        Path path = Path.of(p.path("path").asString());
        String text = buffers.get(path);
        if (text == null) {
            try {
                text = Files.readString(path);
            } catch (NoSuchFileException e) {
                throw JsonRpcException.notFound("No such file");
            }
        }
        if (p.has("line") || p.has("limit")) {
            List<String> lines = text.lines().toList();
            int from = Math.min(lines.size(), p.path("line").asInt(1) - 1);
            int to = p.has("limit") ? Math.min(lines.size(), from + p.path("limit").asInt()) : lines.size();
            text = lines.subList(from, to).stream().map(l -> l + "\n").reduce("", String::concat);
        }
        return Json.object().put("content", text);
    }

    private JsonNode write(JsonNode p) throws IOException {
        Path path = Path.of(p.path("path").asString());
        Files.writeString(path, p.path("content").asString());
        buffers.remove(path);
        return Json.object();
    }

    private synchronized JsonNode create(JsonNode p) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(p.path("command").asString());
        p.path("args").forEach(a -> command.add(a.asString()));
        Process process = new ProcessBuilder(command).directory(Path.of(p.path("cwd").asString()).toFile())
                .redirectErrorStream(true).start();
        process.getOutputStream().close();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                process.getInputStream().transferTo(output);
            } catch (IOException ignored) {
                // killed
            }
        });
        String id = "term-" + nextTerminal++;
        terminals.put(id, new Terminal(process, output, reader));
        return Json.object().put("terminalId", id);
    }

    private JsonNode waitForExit(JsonNode p, Cancellation cancellation) {
        Terminal terminal = terminal(p);
        try {
            while (!terminal.process().waitFor(20, TimeUnit.MILLISECONDS)) {
                cancellation.throwIfCancelled();
            }
        } catch (InterruptedException e) {
            throw new CancelledException();
        }
        return status(terminal.process());
    }

    private JsonNode output(JsonNode p) throws IOException {
        Terminal terminal = terminal(p);
        ObjectNode result = Json.object();
        if (!terminal.process().isAlive()) {
            try {
                terminal.reader().join(Duration.ofSeconds(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            result.set("exitStatus", status(terminal.process()));
        }
        result.put("output", terminal.output().toString(StandardCharsets.UTF_8));
        result.put("truncated", false);
        return result;
    }

    private JsonNode kill(JsonNode p, boolean release) {
        Terminal terminal = release ? terminals.remove(p.path("terminalId").asString()) : terminal(p);
        if (terminal == null) {
            throw JsonRpcException.notFound("No such terminal");
        }
        terminal.process().descendants().forEach(ProcessHandle::destroyForcibly);
        terminal.process().destroyForcibly();
        return Json.object();
    }

    private Terminal terminal(JsonNode p) {
        Terminal terminal = terminals.get(p.path("terminalId").asString());
        if (terminal == null) {
            throw JsonRpcException.notFound("No such terminal");
        }
        return terminal;
    }

    private static JsonNode status(Process process) {
        ObjectNode status = Json.object();
        int code = process.exitValue();
        if (code > 128) {
            status.putNull("exitCode");
            status.put("signal", code == 137 ? "SIGKILL" : "SIG" + (code - 128));
        } else {
            status.put("exitCode", code);
            status.putNull("signal");
        }
        return status;
    }

    /** With no scripted answer left, the request is held until the turn is cancelled. */
    private JsonNode permission(Cancellation cancellation) {
        permissionAsked.countDown();
        JsonNode answer;
        synchronized (this) {
            answer = permissionAnswers.poll();
        }
        if (answer != null) {
            return answer;
        }
        try {
            cancellation.await(Duration.ofMinutes(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new CancelledException();
    }

    /** Whether any terminal is still held (not released). */
    public boolean hasOpenTerminals() {
        return !terminals.isEmpty();
    }
}
