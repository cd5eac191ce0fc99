package dev.tether.session.parallel;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.JsonNode;

/**
 * A tool the test controls, served as a server's tool: what it does is {@code body}, and it
 * logs when each call starts and ends. READ stands for a tool the user's trust rules mark
 * read-only; EXTERNAL for any other server tool.
 */
record Probe(String name, ToolTraits.Category category, Body body, List<String> log) implements Tool {
    interface Body {
        String run(ToolContext context) throws Exception;
    }

    static List<String> newLog() {
        return new CopyOnWriteArrayList<>();
    }

    static Probe reading(String name, List<String> log, Body body) {
        return new Probe(name, ToolTraits.Category.READ, body, log);
    }

    static Probe writing(String name, List<String> log, Body body) {
        return new Probe(name, ToolTraits.Category.EXTERNAL, body, log);
    }

    @Override
    public ToolDefinition definition() {
        return new ToolDefinition(name, "probe " + name, Json.object().put("type", "object"));
    }

    @Override
    public ToolTraits traits() {
        return new ToolTraits(category == ToolTraits.Category.READ ? ToolKind.READ : ToolKind.OTHER, category, false, "probes");
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        return ToolCallView.of(name, traits().kind());
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) {
        log.add(name + ":start");
        try {
            return ToolOutcome.text(body.run(context));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            return ToolOutcome.text(name + " failed: " + e);
        } finally {
            log.add(name + ":end");
        }
    }
}
