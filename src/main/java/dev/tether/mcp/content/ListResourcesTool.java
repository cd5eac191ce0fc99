package dev.tether.mcp.content;

import dev.tether.json.Json;
import dev.tether.security.SecretCuts;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code mcp_list_resources {server?, cursor?}}: the resources and templates of the ready
 * servers' committed catalogs, {@value #PAGE_SIZE} entries a page. The cursor is ours (an offset
 * bound to the catalog revisions it was made from), so paging never reaches a server; a cursor
 * from an older catalog is refused.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources#listing-resources">MCP resources</a>
 */
public final class ListResourcesTool extends ContentTool {
    public static final String NAME = "mcp_list_resources";
    public static final int PAGE_SIZE = 50;
    private static final int MAX_DESCRIPTION_BYTES = 1024;

    public ListResourcesTool(ContentAccess access, SecretCuts cuts) {
        super(access, cuts, NAME, """
                Lists the resources and resource templates that connected MCP servers declare (read them with \
                mcp_read_resource). Paginated: pass nextCursor back as cursor for the next page.""", """
                {"type":"object","properties":{
                  "server":{"type":"string","description":"only this MCP server"},
                  "cursor":{"type":"string","description":"nextCursor of the previous page"}},
                 "additionalProperties":false}""");
    }

    @Override
    String title(JsonNode input) {
        String server = input.path("server").asString("");
        return server.isEmpty() ? "List MCP resources" : "List MCP resources of " + line(server);
    }

    @Override
    ToolOutcome call(JsonNode input, ToolContext context) throws ToolError.TellModel {
        String server = string(input, "server", false);
        String cursor = string(input, "cursor", false);
        List<ContentAccess.ServerContent> servers = access.servers().stream().filter(ContentAccess.ServerContent::resources)
                .filter(s -> server == null || s.server().equals(server)).toList();
        if (server != null && servers.isEmpty()) {
            throw new ToolError.TellModel("no ready MCP server named \"" + line(server) + "\" offers resources");
        }
        String fingerprint = fingerprint(server, servers);
        int offset = cursor == null ? 0 : offset(cursor, fingerprint);
        List<ObjectNode> entries = new ArrayList<>();
        for (ContentAccess.ServerContent s : servers) {
            s.catalog().resources().forEach(r -> entries.add(resource(s.server(), r)));
            s.catalog().templates().forEach(t -> entries.add(template(s.server(), t)));
        }
        ObjectNode page = Json.object();
        ArrayNode shown = page.putArray("entries");
        int end = Math.min(entries.size(), offset + PAGE_SIZE);
        for (int i = offset; i < end; i++) {
            shown.add(entries.get(i));
        }
        page.put("total", entries.size());
        if (end < entries.size()) {
            page.put("nextCursor", encode(end, fingerprint));
        }
        return ToolOutcome.text(Json.write(page));
    }

    private ObjectNode resource(String server, McpResource r) {
        ObjectNode e = Json.object();
        e.put("server", server);
        e.put("uri", clean(r.uri()));
        put(e, "name", r.name());
        put(e, "title", r.title());
        if (r.description() != null) {
            e.put("description", cuts.cap(cuts.clean(r.description()).strip(), MAX_DESCRIPTION_BYTES));
        }
        put(e, "mimeType", r.mimeType());
        if (r.size() != null) {
            e.put("size", r.size());
        }
        return e;
    }

    private ObjectNode template(String server, McpResourceTemplate t) {
        ObjectNode e = Json.object();
        e.put("server", server);
        e.put("uriTemplate", clean(t.uriTemplate()));
        put(e, "name", t.name());
        put(e, "title", t.title());
        if (t.description() != null) {
            e.put("description", cuts.cap(cuts.clean(t.description()).strip(), MAX_DESCRIPTION_BYTES));
        }
        put(e, "mimeType", t.mimeType());
        return e;
    }

    private void put(ObjectNode e, String field, String value) {
        if (value != null) {
            e.put(field, serverLine(value));
        }
    }

    private String clean(String uri) {
        return cuts.cap(cuts.clean(uri), 2048);
    }

    private static String fingerprint(String server, List<ContentAccess.ServerContent> servers) {
        StringBuilder key = new StringBuilder(server == null ? "*" : server);
        servers.forEach(s -> key.append('|').append(s.server()).append('@').append(s.catalog().revision()));
        return Integer.toHexString(key.toString().hashCode());
    }

    private static String encode(int offset, String fingerprint) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString(("v1:" + offset + ":" + fingerprint).getBytes(StandardCharsets.UTF_8));
    }

    private static int offset(String cursor, String fingerprint) throws ToolError.TellModel {
        String[] parts;
        try {
            parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split(":", -1);
        } catch (IllegalArgumentException e) {
            throw new ToolError.TellModel("that cursor is not one this tool gave out; list again without a cursor");
        }
        if (parts.length != 3 || !parts[0].equals("v1") || !parts[1].matches("\\d{1,9}")) {
            throw new ToolError.TellModel("that cursor is not one this tool gave out; list again without a cursor");
        }
        if (!parts[2].equals(fingerprint)) {
            throw new ToolError.TellModel("the resource lists changed since that cursor was made; list again without a cursor");
        }
        return Integer.parseInt(parts[1]);
    }
}
