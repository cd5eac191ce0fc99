package dev.tether.testing.model;

import dev.tether.json.Json;
import dev.tether.model.ModelEvents;
import dev.tether.model.Part;
import dev.tether.model.Usage;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** Records every {@link ModelEvents} call as one readable line, e.g. {@code text:Hello}. */
public final class RecordingEvents implements ModelEvents {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Consumer<String> onEach;

    public RecordingEvents() {
        this(line -> {});
    }

    /** {@code onEach} sees each line as it is recorded (e.g. to cancel mid-stream). */
    public RecordingEvents(Consumer<String> onEach) {
        this.onEach = onEach;
    }

    public List<String> log() {
        return List.copyOf(log);
    }

    private void add(String line) {
        log.add(line);
        onEach.accept(line);
    }

    @Override
    public void onText(String delta) {
        add("text:" + delta);
    }

    @Override
    public void onThinking(String delta) {
        add("thinking:" + delta);
    }

    @Override
    public void onToolUse(Part.ToolUse toolUse) {
        add("tool:" + toolUse.id() + " " + toolUse.name() + " " + Json.write(toolUse.input()));
    }

    @Override
    public void onUsage(Usage usage) {
        add("usage:" + usage.inputTokens() + "/" + usage.outputTokens() + "/" + usage.cacheReadTokens() + "/" + usage.cacheWriteTokens());
    }
}
