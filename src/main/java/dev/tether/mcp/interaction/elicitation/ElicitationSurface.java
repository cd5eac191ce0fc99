package dev.tether.mcp.interaction.elicitation;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.McpHost;

/**
 * Where a checked elicitation is shown to the user: what the elicitation flow needs of the session
 * that hosts the runtime ({@link McpHost} is one), and nothing more.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation">MCP elicitation</a>
 */
public interface ElicitationSurface {

    /** Whether the editor can show a form; decides whether {@code elicitation.form} is declared to servers. */
    boolean canElicitForm();

    /** Whether the editor can open a URL for the user; decides {@code elicitation.url}. */
    boolean canElicitUrl();

    /** Shows the request to the user and returns their answer; never throws for a "no". */
    ElicitationReply elicit(Elicitation request, Cancellation cancellation);
}
