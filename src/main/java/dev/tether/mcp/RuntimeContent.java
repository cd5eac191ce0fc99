package dev.tether.mcp;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.Completions;
import dev.tether.mcp.content.ContentAccess;
import dev.tether.mcp.content.ContentResults;
import dev.tether.mcp.content.McpCompletion;
import dev.tether.mcp.content.McpPrompt;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.model.ModelMessage;
import dev.tether.security.SecretCuts;
import dev.tether.tools.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The content half of {@link McpRuntime} across its servers: finds the ready connection, lets
 * {@link ConnectionContent} check and send, maps what comes back through {@link ContentResults}.
 */
final class RuntimeContent implements ContentAccess {
    /** Prompt descriptions become slash command descriptions: keep them short. */
    static final int MAX_PROMPT_DESCRIPTION_BYTES = 1024;
    static final int MAX_ARGUMENT_DESCRIPTION_BYTES = 300;
    private static final int MAX_NAME_BYTES = 200;

    private final List<McpConnection> connections;
    private final Function<String, McpConnection> byName;
    private final ContentResults results;
    private final SecretCuts cuts;

    /** @param cuts masks the known secrets in prompt names and descriptions before they are capped */
    RuntimeContent(List<McpConnection> connections, Function<String, McpConnection> byName, ContentResults results,
                   SecretCuts cuts) {
        this.connections = connections;
        this.byName = byName;
        this.results = results;
        this.cuts = cuts;
    }

    @Override
    public List<ServerContent> servers() {
        List<ServerContent> out = new ArrayList<>();
        for (McpConnection c : connections) {
            if (c.isReady()) {
                ConnectionContent.Declared declared = c.content().declared();
                out.add(new ServerContent(c.name(), c.content().catalog(), declared.resources(), declared.completions()));
            }
        }
        return out;
    }

    @Override
    public ToolOutcome readResource(String server, String uri, Cancellation cancellation) {
        ConnectionContent content = content(server);
        ConnectionContent.Read read = content.read(uri, cancellation);
        content.watch(uri, cancellation);
        return results.resource(read.contents(), read.updatedSinceLastRead(),
                new dev.tether.mcp.call.Provenance(server, "resources/read " + uri, "text/plain", false));
    }

    @Override
    public McpCompletion complete(String server, CompletionRef ref, String argument, String value,
                                  Map<String, String> context, Cancellation cancellation) {
        return Completions.bound(content(server).complete(ref, argument, value, context, cancellation));
    }

    List<McpPromptInfo> prompts() {
        List<McpPromptInfo> out = new ArrayList<>();
        for (McpConnection c : connections) {
            if (!c.isReady()) {
                continue;
            }
            for (McpPrompt p : c.content().prompts()) {
                List<McpPromptInfo.Argument> args = p.arguments().stream()
                        .map(a -> new McpPromptInfo.Argument(line(a.name(), MAX_NAME_BYTES),
                                text(a.description(), MAX_ARGUMENT_DESCRIPTION_BYTES), a.required())).toList();
                out.add(new McpPromptInfo(c.name(), line(p.name(), MAX_NAME_BYTES),
                        p.title() == null ? null : line(p.title(), MAX_NAME_BYTES),
                        text(p.description(), MAX_PROMPT_DESCRIPTION_BYTES), args));
            }
        }
        return out;
    }

    List<ModelMessage> getPrompt(String server, String name, Map<String, String> arguments, Cancellation cancellation) {
        List<ModelMessage> out = new ArrayList<>();
        for (McpClientSession.PromptMessage m : content(server).getPrompt(name, arguments, cancellation)) {
            out.add(results.message(m.role(), m.content()));
        }
        return out;
    }

    void subscribe(String server, String uri, Cancellation cancellation) {
        content(server).subscribe(uri, cancellation);
    }

    void unsubscribe(String server, String uri, Cancellation cancellation) {
        content(server).unsubscribe(uri, cancellation);
    }

    ConnectionContent content(String server) {
        McpConnection c = server == null ? null : byName.apply(server);
        if (c == null) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED, "no MCP server named \"" + line(String.valueOf(server), MAX_NAME_BYTES) + "\" in this session");
        }
        return c.content();
    }

    private String line(String s, int bytes) {
        return cuts.cap(cuts.clean(s).replaceAll("[\\r\\n\\t]+", " ").strip(), bytes);
    }

    private String text(String s, int bytes) {
        return s == null || s.isBlank() ? null : cuts.cap(cuts.clean(s).strip(), bytes);
    }
}
