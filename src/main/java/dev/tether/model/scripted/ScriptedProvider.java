package dev.tether.model.scripted;

import dev.tether.base.Cancellation;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelException.Kind;
import dev.tether.model.ModelInfo;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Part;
import dev.tether.model.Usage;
import dev.tether.model.http.ModelHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The offline model: plays a JSON Lines script, one line per model request, as specified in
 * {@code docs/reference/scripted-model.md}. Each instance has its own cursor, so create one
 * per session. Its model id is {@code scripted}, so nobody mistakes it for a real model.
 */
public final class ScriptedProvider implements ModelProvider {
    public static final String ID = "scripted";
    static final long CONTEXT_WINDOW = 200_000;

    private final List<ScriptLine> lines;
    private final AtomicInteger cursor = new AtomicInteger();
    private final AtomicInteger callIds = new AtomicInteger();

    private ScriptedProvider(List<ScriptLine> lines) {
        this.lines = List.copyOf(lines);
    }

    /** Reads and checks a script file; a bad line is an error naming its number. */
    public static ScriptedProvider load(Path script) throws ModelException {
        String text;
        try {
            text = Files.readString(script, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ModelException(Kind.SCRIPT, "scripted model: the script (TETHER_SCRIPT) cannot be read: "
                    + dev.tether.base.FailureWords.file(e, script.toString(), script.toAbsolutePath().normalize()));
        }
        return new ScriptedProvider(ScriptParser.parse(text, script.getFileName().toString()));
    }

    /** A provider playing {@code script} (JSON Lines text); {@code source} names it in errors. */
    public static ScriptedProvider of(String script, String source) throws ModelException {
        return new ScriptedProvider(ScriptParser.parse(script, source));
    }

    @Override
    public ModelInfo info() {
        return new ModelInfo(ID, ID, true, true, CONTEXT_WINDOW);
    }

    @Override
    public ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
        cancellation.throwIfCancelled();
        int index = cursor.getAndIncrement();
        if (index >= lines.size()) {
            cursor.decrementAndGet();
            throw new ModelException(Kind.SCRIPT, "scripted model: the script has no response left (" + lines.size() + " used)");
        }
        ScriptLine line = lines.get(index);
        List<String> failures = line.expect().failures(request);
        if (!failures.isEmpty()) {
            throw new ModelException(Kind.SCRIPT, "scripted model: line " + line.lineNumber() + " expectation failed: "
                    + String.join("; ", failures));
        }
        pause(line.delayMs(), cancellation);
        if (line.error() != null) {
            throw new ModelException(ModelHttp.kindForStatus(line.error().status()),
                    "scripted: HTTP " + line.error().status() + ": " + line.error().message());
        }
        List<Part> parts = new ArrayList<>();
        if (line.thinking() != null && !line.thinking().isEmpty()) {
            for (String piece : ScriptParser.split(line.thinking())) {
                cancellation.throwIfCancelled();
                events.onThinking(piece);
            }
            parts.add(new Part.Thinking(line.thinking(), null));
        }
        StringBuilder text = new StringBuilder();
        for (String piece : line.pieces()) {
            pause(line.chunkDelayMs(), cancellation);
            cancellation.throwIfCancelled();
            events.onText(piece);
            text.append(piece);
        }
        if (!text.isEmpty()) {
            parts.add(new Part.Text(text.toString()));
        }
        for (ScriptLine.ToolCall call : line.toolCalls()) {
            cancellation.throwIfCancelled();
            String id = call.id() != null ? call.id() : "call_" + callIds.incrementAndGet();
            Part.ToolUse use = new Part.ToolUse(id, call.name(), call.input());
            events.onToolUse(use);
            parts.add(use);
        }
        Usage usage = line.usage() != null ? line.usage() : Usage.ZERO;
        if (line.usage() != null) {
            events.onUsage(usage);
        }
        ModelStopReason stop = line.stop() != null ? line.stop()
                : line.toolCalls().isEmpty() ? ModelStopReason.END_TURN : ModelStopReason.TOOL_USE;
        return new ModelResponse(ModelMessage.assistant(parts), stop, usage);
    }

    /** How many responses have been played. */
    public int used() {
        return cursor.get();
    }

    private static void pause(long millis, Cancellation cancellation) {
        if (millis > 0) {
            cancellation.sleep(Duration.ofMillis(millis));
        } else {
            cancellation.throwIfCancelled();
        }
    }
}
