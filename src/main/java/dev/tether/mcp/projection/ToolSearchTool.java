package dev.tether.mcp.projection;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * {@code tool_search {query}}: finds MCP tools whose definitions the session defers
 * ({@link DeferredTools}) and loads them: they are offered from the next model request on, for
 * the rest of the session. A query is words, matched against tool names first and descriptions
 * second, or {@code server:<name>} optionally followed by words. Offered only while something is
 * deferred; read-only, never asked about.
 */
public final class ToolSearchTool implements Tool {
    static final String NAME = "tool_search";
    static final int MAX_RESULTS = 10;
    private static final int MAX_LINE_CHARS = 200;
    private static final JsonNode SCHEMA = Json.parse("""
            {"type":"object","properties":{
              "query":{"type":"string","description":"Words to match against tool names and descriptions, or server:<name> optionally followed by words, e.g. \\"server:github issue\\""}},
             "required":["query"],"additionalProperties":false}""");

    private final DeferredTools deferred;

    public ToolSearchTool(DeferredTools deferred) {
        this.deferred = deferred;
    }

    @Override
    public ToolDefinition definition() {
        List<String> servers = deferred.servers();
        return new ToolDefinition(NAME, "Find and load tools of MCP servers. " + deferred.deferred()
                + " more tools are available but not listed here" + (servers.isEmpty() ? "" : ", from the servers "
                + String.join(", ", servers)) + ". Search by words (matched against tool names, then descriptions) or by "
                + "server:<name> followed by optional words. Returns up to " + MAX_RESULTS + " matching tools (name, server, "
                + "description); you can call them from your next step on.", SCHEMA);
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.SEARCH, ToolTraits.Category.READ);
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        return ToolCallView.of("Search tools: " + shown(input == null ? "" : input.path("query").asString("")), ToolKind.SEARCH);
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        String query = input == null ? "" : input.path("query").asString("").strip();
        String server = null;
        String words = query;
        if (query.regionMatches(true, 0, "server:", 0, 7)) {
            String[] parts = query.substring(7).strip().split("\\s+", 2);
            server = parts[0];
            words = parts.length > 1 ? parts[1] : "";
        }
        List<String> terms = Arrays.stream(words.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_-]+"))
                .filter(w -> !w.isBlank()).toList();
        if (server == null && terms.isEmpty()) {
            throw new ToolError.TellModel("tool_search: give words or server:<name>; servers: " + String.join(", ", deferred.servers()));
        }
        record Hit(Tool tool, int score) {}
        List<Hit> hits = new ArrayList<>();
        for (Tool tool : deferred.searchable()) {
            if (server != null && !DeferredTools.server(tool).equalsIgnoreCase(server)) {
                continue;
            }
            int score = score(tool, terms);
            if (terms.isEmpty() || score > 0) {
                hits.add(new Hit(tool, score));
            }
        }
        if (hits.isEmpty()) {
            return ToolOutcome.text("No tool matches \"" + shown(query) + "\". Servers with tools to find: "
                    + String.join(", ", deferred.servers()) + ". Try other words, or server:<name>.");
        }
        hits.sort(Comparator.comparingInt(Hit::score).reversed().thenComparing(h -> h.tool().definition().name()));
        List<Hit> shown = hits.subList(0, Math.min(MAX_RESULTS, hits.size()));
        StringBuilder text = new StringBuilder("Loaded " + shown.size() + " tools; call them from your next step on:\n");
        for (Hit hit : shown) {
            text.append("- ").append(hit.tool().definition().name()).append(" (server ").append(DeferredTools.server(hit.tool()))
                    .append("): ").append(summary(hit.tool().definition().description())).append('\n');
        }
        if (hits.size() > shown.size()) {
            text.append("(").append(hits.size() - shown.size()).append(" more match; add words to narrow the search)\n");
        }
        deferred.load(shown.stream().map(h -> h.tool().definition().name()).toList());
        return ToolOutcome.text(text.toString().strip());
    }

    /** Name matches count most (a whole word of the name most of all), then description matches. */
    private static int score(Tool tool, List<String> terms) {
        String name = tool.definition().name().toLowerCase(Locale.ROOT);
        String own = name.substring(name.indexOf("__", DeferredTools.PREFIX.length()) + 2);
        String description = tool.definition().description().toLowerCase(Locale.ROOT);
        int score = 0;
        for (String term : terms) {
            if (own.equals(term) || Arrays.asList(own.split("[_-]")).contains(term)) {
                score += 10;
            } else if (own.contains(term)) {
                score += 6;
            } else if (description.contains(term)) {
                score += 1;
            }
        }
        return score;
    }

    /** The first line of a (sanitised) description, short. */
    private static String summary(String description) {
        String first = description.strip().lines().findFirst().orElse("");
        return first.length() <= MAX_LINE_CHARS ? first : first.substring(0, MAX_LINE_CHARS) + "…";
    }

    private static String shown(String text) {
        return Redactor.cap(UnicodeSanitizer.clean(text).replaceAll("[\\r\\n\\t]+", " "), 120);
    }
}
