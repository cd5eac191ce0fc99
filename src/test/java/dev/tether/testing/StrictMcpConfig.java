package dev.tether.testing;

import dev.tether.config.mcp.McpConfig;
import java.nio.file.Path;

/**
 * {@code --mcp-config} read as the product reads it ({@link McpConfig#readArgument}), with its first
 * warning turned into a failure, so a test of one entry sees the reason that entry was skipped.
 */
public final class StrictMcpConfig {
    private StrictMcpConfig() {}

    /** What {@code value} (inline JSON or a file path) declares; its first warning as an {@link McpConfig.InvalidConfig}. */
    public static McpConfig.Declared fromArgument(String value, Path workingDir) throws McpConfig.InvalidConfig {
        McpConfig.Parsed parsed = McpConfig.readArgument(value, workingDir);
        if (!parsed.warnings().isEmpty()) {
            throw new McpConfig.InvalidConfig(parsed.warnings().getFirst().text());
        }
        return parsed.declared();
    }
}
