package dev.tether.mcp.interaction;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.elicitation.ElicitationSurface;
import dev.tether.mcp.interaction.sampling.Sampler;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import java.nio.file.Path;
import java.util.List;

/**
 * What a session's MCP runtime may ask of the session that hosts it: the person (elicitation, as
 * an {@link ElicitationSurface}; consent to sampling), the model (sampling, as a {@link Sampler}),
 * the directories to expose as roots, and a place to tell the user what servers say. The session
 * implements it; {@link #NONE} offers nothing (every elicitation declines, sampling is refused, no
 * roots, notices dropped).
 */
public interface McpHost extends ElicitationSurface, Sampler {

    /** The directories offered as roots to servers whose config opts in ({@code exposeRoots}). */
    List<Path> roots();

    /** Something a server said for the user, never for the model. */
    void notice(McpNotice notice);

    /**
     * For editors without URL elicitation: shows {@code message} and a link to {@code url} (an
     * agent message), then asks the user to continue or cancel (a permission request). Returns
     * whether they chose to continue; cancelling {@code cancellation} withdraws the request. Used
     * for OAuth sign-in. The default shows nothing and answers no.
     */
    default boolean offerLink(String server, String message, String url, Cancellation cancellation) {
        return false;
    }

    /** Where background MCP tasks report to the user and the model; the default drops their ends. */
    default dev.tether.mcp.task.TaskEvents taskEvents() {
        return dev.tether.mcp.task.TaskEvents.NONE;
    }

    McpHost NONE = new McpHost() {
        @Override
        public boolean canElicitForm() {
            return false;
        }

        @Override
        public boolean canElicitUrl() {
            return false;
        }

        @Override
        public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
            return ElicitationReply.DECLINE;
        }

        @Override
        public SamplingReply sample(Sampling request, Cancellation cancellation) {
            return SamplingReply.refused("sampling is not available in this session");
        }

        @Override
        public List<Path> roots() {
            return List.of();
        }

        @Override
        public void notice(McpNotice notice) {}
    };
}
