package dev.tether.mcp.skills;

/**
 * A skill a ready server offers, as the session names and describes it. {@code key} is the name the
 * model loads it by: the server's name, a colon and the skill's name ({@code docs:pdf-processing}),
 * or its whole skill-path where two skills of one server share a name
 * ({@code docs:acme/billing/refunds}), so a server's skill never shadows another origin's.
 * {@code name} and {@code description} come from its entry, sanitised and bounded for the model;
 * {@code entry} is the checked entry a load verifies the skill's files against.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public record McpSkill(String server, String key, String name, String description, SkillEntry entry) {
    public String uri() {
        return entry.uri();
    }

    /**
     * A loaded skill: {@code held} names the entry it was verified against (which its later file reads
     * are verified against too), {@code text} is what the model reads.
     */
    public record Loaded(McpSkill held, String text) {}
}
