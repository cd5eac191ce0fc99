package dev.tether.agent;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/** Tools for loop tests: offers one tool, answers each call as {@code behaviour} says, and records the calls. */
final class FakeTurnTools implements TurnTools {
    static final ToolDefinition TOOL = new ToolDefinition("search", "Searches.", Json.object());

    private final BiFunction<Part.ToolUse, Cancellation, Step> behaviour;
    private final List<String> called = new CopyOnWriteArrayList<>();

    FakeTurnTools(BiFunction<Part.ToolUse, Cancellation, Step> behaviour) {
        this.behaviour = behaviour;
    }

    /** Tools whose every call succeeds with the text {@code "ok <id>"}. */
    static FakeTurnTools answering() {
        return new FakeTurnTools((use, turn) -> new Step.Answered(ok(use)));
    }

    static Part.ToolResult ok(Part.ToolUse use) {
        return new Part.ToolResult(use.id(), List.of(new Part.Text("ok " + use.id())), false);
    }

    /** The ids of the tool uses run, in order. */
    List<String> called() {
        return List.copyOf(called);
    }

    @Override
    public List<ToolDefinition> prepare(Cancellation cancellation) {
        return List.of(TOOL);
    }

    @Override
    public Step call(Part.ToolUse use, Cancellation cancellation) {
        called.add(use.id());
        return behaviour.apply(use, cancellation);
    }
}
