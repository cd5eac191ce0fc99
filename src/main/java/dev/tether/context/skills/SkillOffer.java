package dev.tether.context.skills;

/**
 * A skill the model may load through the {@code skill} tool.
 *
 * @param name        what the tool takes: a file skill's name ({@code deploy}), an MCP server's skill
 *                    prefixed with the server ({@code docs:pdf-processing})
 * @param description when to use it, sanitised and bounded
 * @param origin      where it comes from, for the model and the user ({@code project}, {@code user},
 *                    {@code MCP server "docs"})
 * @param server      the MCP server that serves it, or null for a skill kept as files
 * @see <a href="https://agentskills.io/specification">Agent Skills</a>
 */
public record SkillOffer(String name, String description, String origin, String server) {
    /** Whether it is a server's: its text is the server's content, and loading it is asked about. */
    public boolean fromServer() {
        return server != null;
    }
}
