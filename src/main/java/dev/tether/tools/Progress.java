package dev.tether.tools;

import java.util.List;

/**
 * Live updates of what one running tool call shows (MCP progress, the terminal a command runs
 * in). Each update replaces the call's displayed content.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#updating">ACP tool call updates</a>
 */
@FunctionalInterface
public interface Progress {
    void show(List<ToolDisplay> content);
}
