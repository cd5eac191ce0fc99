package dev.tether.tools.builtin;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Plan;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * {@code update_plan {entries:[{content, priority, status}]}}: replaces the plan the editor
 * shows. Each call sends the whole list, as ACP requires.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/agent-plan">ACP agent plan</a>
 */
public final class UpdatePlanTool implements Tool {
    public static final String NAME = "update_plan";
    private static final Set<String> PRIORITIES = Set.of("high", "medium", "low");
    private static final Set<String> STATUSES = Set.of("pending", "in_progress", "completed");

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Show your plan for the task to the user as a checklist. Send the complete list every time; "
                    + "mark exactly the step you are working on as in_progress. An empty list clears the plan.",
            Json.parse("""
                    {"type":"object","properties":{
                      "entries":{"type":"array","items":{"type":"object","properties":{
                        "content":{"type":"string","description":"What this step does"},
                        "priority":{"type":"string","enum":["high","medium","low"]},
                        "status":{"type":"string","enum":["pending","in_progress","completed"]}},
                       "required":["content","priority","status"],"additionalProperties":false}}},
                     "required":["entries"],"additionalProperties":false}"""));

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.THINK, ToolTraits.Category.READ);
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        return ToolCallView.of("Update plan", ToolKind.THINK);
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Input in = Input.of(NAME, input);
        JsonNode entries = in.get("entries");
        if (entries == null || entries.isNull()) {
            throw in.failure("entries is required");
        }
        if (!entries.isArray()) {
            throw in.failure("entries must be an array");
        }
        List<Plan.Item> plan = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Input entry;
            try {
                entry = Input.of(NAME, entries.get(i));
            } catch (ToolError.TellModel e) {
                throw in.failure("entries[" + i + "] must be an object");
            }
            String content = field(entry, i, "content");
            if (content.isBlank()) {
                throw in.failure("entries[" + i + "].content is required");
            }
            String priority = oneOf(entry, i, "priority", PRIORITIES);
            String status = oneOf(entry, i, "status", STATUSES);
            // Plan entries are shown to the user as written: no bidi tricks or invisible text.
            plan.add(new Plan.Item(dev.tether.security.UnicodeSanitizer.clean(content), priority, status));
        }
        context.plan().show(List.copyOf(plan));
        Map<String, Integer> counts = new TreeMap<>();
        plan.forEach(e -> counts.merge(e.status(), 1, Integer::sum));
        return ToolOutcome.text("Plan updated: " + plan.size() + " entries " + counts + ".");
    }

    private static String field(Input entry, int index, String name) throws ToolError.TellModel {
        try {
            return entry.requiredString(name);
        } catch (ToolError.TellModel e) {
            throw new ToolError.TellModel(e.getMessage().replace(NAME + ": " + name, NAME + ": entries[" + index + "]." + name));
        }
    }

    private static String oneOf(Input entry, int index, String name, Set<String> allowed) throws ToolError.TellModel {
        String value = field(entry, index, name);
        if (!allowed.contains(value)) {
            throw entry.failure("entries[" + index + "]." + name + " must be one of " + new java.util.TreeSet<>(allowed)
                    + ", not \"" + value + "\"");
        }
        return value;
    }
}
