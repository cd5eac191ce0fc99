package dev.tether.mcp.task;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Tether's own id of an MCP task, {@code mcp_task_<random>}: the only id the model and the editor
 * ever see. The server's task id stays inside the runtime, so a model cannot name (or guess) a
 * task of another session or of the server's other clients.
 */
public record McpTaskId(String value) {
    public static final String PREFIX = "mcp_task_";
    private static final SecureRandom RANDOM = new SecureRandom();

    public static McpTaskId random() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return new McpTaskId(PREFIX + HexFormat.of().formatHex(bytes));
    }

    @Override
    public String toString() {
        return value;
    }
}
