package dev.tether.acp.schema.client;

/**
 * A request Tether sends the editor: its method, and the type its answer is read as.
 *
 * @param <A> the answer; {@link Void} when Tether reads nothing of it, only that it came
 * @see <a href="https://agentclientprotocol.com/protocol/v1/overview#client">ACP client methods</a>
 */
public sealed interface ClientRequest<A> permits RequestPermissionRequest, ReadTextFileRequest, WriteTextFileRequest,
        CreateTerminalRequest, TerminalOutputRequest, WaitForTerminalExitRequest, KillTerminalRequest, ReleaseTerminalRequest,
        CreateElicitationRequest {

    /** The JSON-RPC method. */
    String method();

    Class<A> answer();
}
