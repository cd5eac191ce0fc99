package dev.tether.mcp.interaction.sampling;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.McpHost;

/**
 * Runs a server's checked sampling request: what the sampling gate needs of the session that hosts
 * the runtime ({@link McpHost} is one).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/sampling">MCP sampling</a>
 */
@FunctionalInterface
public interface Sampler {

    /** Asks the user, then runs the request on the session's model. */
    SamplingReply sample(Sampling request, Cancellation cancellation);
}
