package dev.tether.mcp.content;

import dev.tether.base.Cancellation;
import dev.tether.tools.ToolOutcome;
import java.util.List;
import java.util.Map;

/**
 * What the content model tools need from the runtime: the catalogs of ready servers, a checked
 * read and a checked completion. Operations throw {@link dev.tether.mcp.api.McpError} with a
 * readable message when refused (before any request) or failed.
 */
public interface ContentAccess {

    /** One ready server's content as the tools see it. */
    record ServerContent(String server, ContentCatalog catalog, boolean resources, boolean completions) {}

    List<ServerContent> servers();

    ToolOutcome readResource(String server, String uri, Cancellation cancellation);

    McpCompletion complete(String server, CompletionRef ref, String argument, String value, Map<String, String> context,
                           Cancellation cancellation);
}
