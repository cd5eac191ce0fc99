package dev.tether.tools;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import tools.jackson.databind.JsonNode;

/** A tool with a name and traits and nothing else, for registry and gate tests. */
record StubTool(String name, ToolTraits traits) implements Tool {
    static StubTool of(String name, ToolTraits.Category category, String source) {
        return new StubTool(name, new ToolTraits(ToolKind.OTHER, category, false, source));
    }

    @Override
    public ToolDefinition definition() {
        return new ToolDefinition(name, "stub " + name, Json.object().put("type", "object"));
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        return ToolCallView.of(name, traits.kind());
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) {
        return ToolOutcome.text(name);
    }
}
