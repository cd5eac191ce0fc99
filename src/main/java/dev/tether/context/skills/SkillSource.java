package dev.tether.context.skills;

import dev.tether.base.Cancellation;
import dev.tether.tools.Location;
import dev.tether.tools.ToolError;
import java.util.List;

/**
 * Where the {@code skill} tool finds skills: the files of the user and the project
 * ({@link SkillFiles}), or the session's MCP servers. Loading reads a skill's main text only when
 * the model asks for it; its other files are read one at a time, also on request.
 */
public interface SkillSource {

    /** The skills on offer now. */
    List<SkillOffer> offers();

    /**
     * The text of the skill, labelled with where it comes from, and the files beside it.
     *
     * @throws ToolError.TellModel it cannot be loaded; the message says why
     */
    String load(SkillOffer skill, Cancellation cancellation) throws ToolError.TellModel;

    /**
     * One file of the skill, by its path in the skill.
     *
     * @throws ToolError.TellModel not a file of the skill, not loaded where that is needed, or unreadable
     */
    String file(SkillOffer skill, String path, Cancellation cancellation) throws ToolError.TellModel;

    /** Where the skill's main file is, for the editor to follow; null when it is not a local file. */
    default Location location(SkillOffer skill) {
        return null;
    }
}
