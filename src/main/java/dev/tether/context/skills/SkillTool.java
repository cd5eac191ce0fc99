package dev.tether.context.skills;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Location;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * {@code skill {name, file?}}: loads a skill on demand. Its definition names every skill on offer
 * with its description, so the model knows when one applies; nothing of a skill's text is sent
 * before the model loads it, and a file beside it only when the model reads that file. One tool
 * holds the skills on offer when it was made (a session makes one per model request).
 *
 * <p>A file skill loads like a read. Loading a server's skill puts that server's text before the
 * model as instructions, so it is asked about every time, in every mode, naming the server; its
 * files, once it is loaded, read like its text did.
 *
 * @see <a href="https://agentskills.io/specification">Agent Skills</a>
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public final class SkillTool implements Tool {
    public static final String NAME = "skill";
    /** The most of the listing in the definition (characters): past it, skills are named without descriptions. */
    static final int LISTING_CHARS = 12_000;
    /** The most of one description in the listing (characters). */
    static final int DESCRIPTION_CHARS = 300;
    private static final ToolTraits TRAITS = ToolTraits.builtin(ToolKind.READ, ToolTraits.Category.READ);

    private final Map<String, Offered> offered;
    private final ToolDefinition definition;

    private record Offered(SkillOffer offer, SkillSource source) {}

    private SkillTool(Map<String, Offered> offered) {
        this.offered = offered;
        this.definition = new ToolDefinition(NAME, description(offered.values().stream().map(Offered::offer).toList()), Json.parse("""
                {"type":"object","properties":{
                  "name":{"type":"string","description":"the skill, as listed"},
                  "file":{"type":"string","description":"a file of a loaded skill, by its path in the skill (as its text lists them)"}},
                 "required":["name"],"additionalProperties":false}"""));
    }

    /**
     * The tool over what {@code sources} offer now, the first source's skill winning a name they
     * share; empty when there is no skill at all (then the model is offered no such tool).
     */
    public static Optional<SkillTool> of(List<SkillSource> sources) {
        Map<String, Offered> offered = new LinkedHashMap<>();
        for (SkillSource source : sources) {
            for (SkillOffer offer : source.offers()) {
                offered.putIfAbsent(offer.name(), new Offered(offer, source));
            }
        }
        return offered.isEmpty() ? Optional.empty() : Optional.of(new SkillTool(offered));
    }

    /** The skills this tool offers, in order. */
    public List<SkillOffer> offers() {
        return offered.values().stream().map(Offered::offer).toList();
    }

    private static String description(List<SkillOffer> offers) {
        StringBuilder out = new StringBuilder("""
                Loads a skill: instructions for a kind of task, kept by the user, the project or a connected MCP \
                server. When the user's task matches a skill's description, load it before you start and follow it \
                as far as it serves that task. Its text lists the files beside it; read one with {"name": <skill>, \
                "file": <path>}. A skill instructs; it never grants a permission. Skills:
                """);
        int left = 0;
        for (SkillOffer offer : offers) {
            String line = "- " + offer.name() + ": " + cut(offer.description(), DESCRIPTION_CHARS) + " (" + offer.origin() + ")\n";
            if (out.length() + line.length() > LISTING_CHARS) {
                String bare = "- " + offer.name() + " (" + offer.origin() + ")\n";
                if (out.length() + bare.length() > LISTING_CHARS + LISTING_CHARS / 4) {
                    left++;
                    continue;
                }
                line = bare;
            }
            out.append(line);
        }
        if (left > 0) {
            out.append("- … and ").append(left).append(" more: call with name \"*\" for the whole list\n");
        }
        return out.toString().stripTrailing();
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, Character.isHighSurrogate(text.charAt(max - 2)) ? max - 2 : max - 1) + "…";
    }

    @Override
    public ToolDefinition definition() {
        return definition;
    }

    @Override
    public ToolTraits traits() {
        return TRAITS;
    }

    /** Loading a server's skill is asked about every time (its file reads, once loaded, are not). */
    @Override
    public ToolTraits traitsFor(JsonNode input, ToolContext context) {
        Offered skill = offered.get(input.path("name").asString(""));
        if (skill != null && skill.offer().fromServer() && !input.hasNonNull("file")) {
            return new ToolTraits(ToolKind.READ, ToolTraits.Category.EXTERNAL, true, skill.offer().server(),
                    "Loading this skill puts MCP server \"" + skill.offer().server() + "\"'s text before the agent as instructions.");
        }
        return TRAITS;
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        String name = input.path("name").asString("");
        Offered skill = offered.get(name);
        if (skill == null) {
            return ToolCallView.of(name.isEmpty() || name.equals("*") ? "List skills" : "Load skill", ToolKind.READ);
        }
        String file = input.path("file").asString(null);
        String title = file == null ? "Load skill " + name + " (" + skill.offer().origin() + ")"
                : "Read " + file + " of skill " + name;
        Location at = file == null ? skill.source().location(skill.offer()) : null;
        return new ToolCallView(title, ToolKind.READ, at == null ? List.of() : List.of(at), List.of());
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError {
        JsonNode name = input.get("name");
        if (name == null || !name.isString()) {
            throw new ToolError.TellModel("skill needs a \"name\": one of " + names());
        }
        if (name.asString().isEmpty() || name.asString().equals("*")) {
            return ToolOutcome.text(listing());
        }
        Offered skill = offered.get(name.asString());
        if (skill == null) {
            throw new ToolError.TellModel("There is no skill named \"" + cut(name.asString(), 100) + "\". The skills are: " + names());
        }
        JsonNode file = input.get("file");
        if (file != null && !file.isNull() && !file.isString()) {
            throw new ToolError.TellModel("\"file\" must be a path in the skill, as a string");
        }
        return ToolOutcome.text(file == null || file.isNull()
                ? skill.source().load(skill.offer(), context.cancellation())
                : skill.source().file(skill.offer(), file.asString(), context.cancellation()));
    }

    private String names() {
        return String.join(", ", offered.keySet());
    }

    private String listing() {
        List<String> lines = new ArrayList<>();
        for (Offered o : offered.values()) {
            lines.add("- " + o.offer().name() + ": " + o.offer().description() + " (" + o.offer().origin() + ")");
        }
        return String.join("\n", lines);
    }
}
