package dev.tether.session.servers;

import dev.tether.base.Cancellation;
import dev.tether.context.skills.SkillOffer;
import dev.tether.context.skills.SkillSource;
import dev.tether.mcp.skills.McpSkill;
import dev.tether.tools.ToolError;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The skills a session's MCP servers offer (the Skills extension), as the {@code skill} tool sees
 * them: each named {@code server:skill}, its text read and verified only when the model loads it,
 * and its other files readable once it is loaded, each verified against the entry it was loaded
 * under. What the model reads of them is the server's text, labelled, bounded and masked by the
 * runtime.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public final class ServerSkills implements SkillSource {
    private final McpLauncher.Servers servers;
    /** The skills loaded in this session, by key: the entry each was verified under. */
    private final Map<String, McpSkill> loaded = new ConcurrentHashMap<>();

    public ServerSkills(McpLauncher.Servers servers) {
        this.servers = servers;
    }

    @Override
    public List<SkillOffer> offers() {
        return servers.skills().stream()
                .map(s -> new SkillOffer(s.key(), s.description(), "MCP server \"" + s.server() + "\"", s.server())).toList();
    }

    @Override
    public String load(SkillOffer offer, Cancellation cancellation) throws ToolError.TellModel {
        McpSkill skill = servers.skills().stream().filter(s -> s.key().equals(offer.name())).findFirst()
                .orElseThrow(() -> new ToolError.TellModel("MCP server \"" + offer.server() + "\" no longer offers skill " + offer.name() + "."));
        try {
            McpSkill.Loaded done = servers.loadSkill(skill, cancellation);
            loaded.put(skill.key(), done.held());
            return done.text();
        } catch (McpLauncher.CommandFailure e) {
            loaded.remove(skill.key());
            throw new ToolError.TellModel("Skill " + offer.name() + " was not loaded: " + e.getMessage());
        }
    }

    @Override
    public String file(SkillOffer offer, String path, Cancellation cancellation) throws ToolError.TellModel {
        McpSkill held = loaded.get(offer.name());
        if (held == null) {
            throw new ToolError.TellModel("Skill " + offer.name() + " is not loaded: load it first ({\"name\": \"" + offer.name()
                    + "\"}); its files are read only for a loaded skill, and verified against what it was loaded with.");
        }
        try {
            return servers.readSkillFile(held, path, cancellation);
        } catch (McpLauncher.CommandFailure e) {
            throw new ToolError.TellModel("File " + path + " of skill " + offer.name() + " was not read: " + e.getMessage());
        }
    }
}
