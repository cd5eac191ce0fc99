package dev.tether.acp.schema.client;

/**
 * A notification Tether sends the editor.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/overview#client">ACP client methods</a>
 */
public sealed interface ClientNotification permits SessionNotification, CompleteElicitationNotification {

    /** The JSON-RPC method. */
    String method();

    /** What is sent as the params: this record, or a tree equal to the one the mapper makes of it. */
    default Object params() {
        return this;
    }
}
