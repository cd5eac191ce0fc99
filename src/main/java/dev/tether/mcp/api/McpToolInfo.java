package dev.tether.mcp.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * A tool as an MCP server lists it, with its strings as sent (not yet sanitised).
 *
 * @param inputSchema  the JSON Schema of the arguments, or null when absent
 * @param outputSchema the JSON Schema of {@code structuredContent}, or null
 * @param taskSupport  {@code execution.taskSupport}: whether the tool may or must run as a task
 * @param alwaysLoad   the server asks that the tool's definition is always sent, even when a session
 *                     defers its MCP tools ({@code _meta} {@code "anthropic/alwaysLoad": true} or
 *                     {@code "alwaysLoad": true})
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool">MCP Tool</a>
 */
public record McpToolInfo(String name, String title, String description, JsonNode inputSchema,
                          JsonNode outputSchema, Hints hints, TaskSupport taskSupport,
                          boolean alwaysLoad) {

    public McpToolInfo {
        taskSupport = taskSupport == null ? TaskSupport.FORBIDDEN : taskSupport;
    }

    /** A tool that does not run as a task ({@code execution} absent). */
    public McpToolInfo(String name, String title, String description, JsonNode inputSchema, JsonNode outputSchema, Hints hints) {
        this(name, title, description, inputSchema, outputSchema, hints, TaskSupport.FORBIDDEN);
    }

    /** A tool without an always-load request. */
    public McpToolInfo(String name, String title, String description, JsonNode inputSchema, JsonNode outputSchema, Hints hints,
                       TaskSupport taskSupport) {
        this(name, title, description, inputSchema, outputSchema, hints, taskSupport, false);
    }

    /**
     * {@code execution.taskSupport}: {@code forbidden} (also when absent or unknown), {@code optional}
     * or {@code required}.
     *
     * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
     */
    public enum TaskSupport {
        FORBIDDEN, OPTIONAL, REQUIRED;

        /** The wire value, or FORBIDDEN for null and anything unknown. */
        public static TaskSupport of(String wire) {
            return "required".equals(wire) ? REQUIRED : "optional".equals(wire) ? OPTIONAL : FORBIDDEN;
        }
    }

    /**
     * A digest of what the user approves when they "Always allow" this tool: its title,
     * description, input schema and annotations, as the server sent them. Object keys are sorted
     * first, so only a change in content (not in key order) gives a new digest.
     */
    public String definitionDigest() {
        StringBuilder canonical = new StringBuilder();
        canonical.append(quote(title)).append('\u0000').append(quote(description)).append('\u0000');
        canonical(inputSchema, canonical);
        Hints h = hints == null ? Hints.NONE : hints;
        canonical.append('\u0000').append(quote(h.title())).append(',').append(h.readOnly()).append(',')
                .append(h.destructive()).append(',').append(h.idempotent()).append(',').append(h.openWorld());
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String quote(String text) {
        return text == null ? "null" : tools.jackson.databind.node.StringNode.valueOf(text).toString();
    }

    private static void canonical(JsonNode node, StringBuilder out) {
        if (node == null) {
            out.append("null");
        } else if (node.isObject()) {
            Map<String, JsonNode> sorted = new TreeMap<>();
            node.properties().forEach(e -> sorted.put(e.getKey(), e.getValue()));
            out.append('{');
            sorted.forEach((key, value) -> {
                out.append(quote(key)).append(':');
                canonical(value, out);
                out.append(',');
            });
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            node.forEach(item -> {
                canonical(item, out);
                out.append(',');
            });
            out.append(']');
        } else {
            out.append(node);
        }
    }

    /** The tool's annotations; null means the server did not say. */
    public record Hints(String title, Boolean readOnly, Boolean destructive, Boolean idempotent, Boolean openWorld) {
        public static final Hints NONE = new Hints(null, null, null, null, null);

        /** These hints with every non-null field of {@code override} in place of their own. */
        public Hints overriddenBy(Hints override) {
            if (override == null) {
                return this;
            }
            return new Hints(override.title != null ? override.title : title,
                    override.readOnly != null ? override.readOnly : readOnly,
                    override.destructive != null ? override.destructive : destructive,
                    override.idempotent != null ? override.idempotent : idempotent,
                    override.openWorld != null ? override.openWorld : openWorld);
        }

        /**
         * These hints without the claims that would let a call run unasked ({@code readOnlyHint},
         * {@code idempotentHint}): what is left of an untrusted server's annotations for the
         * permission decision. A claim that makes Tether more careful ({@code destructiveHint}) stays.
         */
        public Hints withoutSafetyClaims() {
            return new Hints(title, null, destructive, null, openWorld);
        }

        public boolean isReadOnly() {
            return Boolean.TRUE.equals(readOnly);
        }

        /** Only an explicit {@code destructiveHint: true} counts, and only for a tool that is not read-only (as the spec says). */
        public boolean isDestructive() {
            return !isReadOnly() && Boolean.TRUE.equals(destructive);
        }

        /** A call that may be sent again without a second effect. */
        public boolean isRetryable() {
            return isReadOnly() || Boolean.TRUE.equals(idempotent);
        }

        public boolean isOpenWorld() {
            return Boolean.TRUE.equals(openWorld);
        }

        /** The hints that hold, in words: {@code read-only}, {@code destructive}, {@code idempotent}, {@code open-world}. */
        public List<String> labels() {
            List<String> labels = new ArrayList<>();
            if (isReadOnly()) {
                labels.add("read-only");
            }
            if (isDestructive()) {
                labels.add("destructive");
            }
            if (Boolean.TRUE.equals(idempotent)) {
                labels.add("idempotent");
            }
            if (isOpenWorld()) {
                labels.add("open-world");
            }
            return labels;
        }
    }
}
