package dev.tether.mcp;

/**
 * Where one MCP server stands.
 *
 * @param reason          why it failed or disconnected (redacted), or null
 * @param protocolVersion the negotiated version, or null before {@code initialize} succeeded
 * @param generation      bumped by every (re)connect and by close; results of older generations are dropped
 */
public record ServerStatus(String name, State state, String reason, int toolCount, String protocolVersion, int generation) {
    public enum State { CONNECTING, READY, FAILED, DISCONNECTED }
}
