package dev.tether.session.api;

import dev.tether.base.Cancellation;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ToolCallView;

/**
 * What a session asks the user through their editor on behalf of its MCP servers (tool
 * permissions go through {@link dev.tether.tools.permission.PermissionPrompt}). Each request
 * waits as long as the user takes; {@code cancellation} withdraws it and throws
 * {@link dev.tether.base.CancelledException}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/elicitation">ACP elicitation</a>
 */
public interface EditorRequests {

    boolean canElicitForm();

    boolean canElicitUrl();

    /** Shows the form or the link; a failure in the editor is answered as cancelled. */
    ElicitationReply elicit(Elicitation request, Cancellation cancellation);

    /**
     * Asks whether to continue past the call {@code view} shows (Continue or Cancel).
     *
     * @throws HostFailure the editor could not ask the user
     */
    boolean confirm(String toolCallId, ToolCallView view, Cancellation cancellation) throws HostFailure;

    /** What the user answered about starting a workspace MCP server. */
    /** {@code REJECT_ONCE}: not this session, nothing remembered (also what a client that cannot ask the user picks first). */
    enum ServerAnswer { ALLOW_FOR_PROJECT, REJECT_ONCE, REJECT, DISMISSED }

    /**
     * Asks whether to start the workspace MCP server {@code view} describes: allow for this project,
     * or reject. An editor that cannot ask throws.
     *
     * @throws HostFailure the editor could not ask the user
     */
    default ServerAnswer approveServer(String toolCallId, ToolCallView view, Cancellation cancellation) throws HostFailure {
        throw new HostFailure("this editor cannot be asked about MCP servers");
    }

    /** Tells the editor that the URL elicitation {@code elicitationId} finished. */
    void elicitationComplete(String elicitationId);
}
