package dev.tether.mcp.client;

import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.transport.ParamHeaders;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools of a 2026-07-28 server's latest {@code tools/list} that are left out because their
 * {@code x-mcp-header} marks break the rules (see {@link ParamHeaders}): each is logged once per
 * list and kept, with its reason, for {@code /mcp}. Its siblings are offered as usual.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http">MCP streamable HTTP</a>
 */
final class RefusedTools {
    private static final Logger LOG = LoggerFactory.getLogger(RefusedTools.class);
    /** How many refused tools {@code /mcp} names; the rest are counted. */
    static final int SHOWN = 5;
    private static final int NAME_CHARS = 64;

    private final String server;
    private volatile List<String> refused = List.of();

    RefusedTools(String server) {
        this.server = server;
    }

    /** The tools of {@code listed} that can be offered; the others are remembered with their reasons. */
    List<McpToolInfo> offerable(List<McpToolInfo> listed) {
        List<McpToolInfo> kept = new ArrayList<>(listed.size());
        List<String> left = new ArrayList<>();
        for (McpToolInfo tool : listed) {
            String problem = ParamHeaders.scan(tool.inputSchema()).problem();
            if (problem == null) {
                kept.add(tool);
            } else {
                LOG.warn("mcp {}: tool {} is not offered: {}", server, Redactor.redact(tool.name()), problem);
                left.add(shown(tool.name()) + " (" + problem + ")");
            }
        }
        refused = List.copyOf(left);
        return kept;
    }

    /** Which tools the latest list left out and why, for {@code /mcp}; null when none. */
    String note() {
        List<String> now = refused;
        if (now.isEmpty()) {
            return null;
        }
        String named = String.join("; ", now.subList(0, Math.min(SHOWN, now.size())));
        return "not offered (invalid x-mcp-header): " + named
                + (now.size() > SHOWN ? "; and " + (now.size() - SHOWN) + " more" : "");
    }

    /** A server's tool name as the user may see it: sanitised, printable, bounded. */
    private static String shown(String name) {
        String clean = UnicodeSanitizer.clean(name == null ? "" : name).replaceAll("[\\p{Cntrl}|`]", "?");
        return clean.length() > NAME_CHARS ? clean.substring(0, NAME_CHARS) + "…" : clean;
    }
}
