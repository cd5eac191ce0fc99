package dev.tether.cli.mcp;

import dev.tether.config.sources.McpSource;
import dev.tether.config.sources.McpSources;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * One server as {@code tether mcp list --json} and {@code get --json} show it. Field names are
 * stable (documented in configuration.md): {@code name}, {@code scope} ({@code local},
 * {@code project}, {@code user}, {@code managed}), {@code file}, {@code type} ({@code stdio},
 * {@code http}, {@code sse}, {@code ws}, or null for a disabled entry that declares nothing),
 * {@code command} and {@code args} or {@code url}, {@code status} ({@code enabled}, {@code approved},
 * {@code disabled}, {@code blocked}, {@code needs-approval}, {@code rejected}) and {@code reason}
 * (null when it runs); {@code get} adds {@code env}, {@code headers} (masked, {@link Masking}) and
 * {@code cwd}.
 */
final class ServerView {
    private ServerView() {}

    static String scope(McpSource source) {
        return switch (source) {
            case WORKSPACE -> "project";
            case USER_CONFIG -> "user";
            case LOCAL -> "local";
            case MANAGED -> "managed";
            case EDITOR -> "editor";
            case COMMAND_LINE -> "command-line";
        };
    }

    static String status(McpSources.Entry entry) {
        return switch (entry.status()) {
            case START -> entry.source() == McpSource.WORKSPACE ? "approved" : "enabled";
            case DISABLED -> "disabled";
            case BLOCKED -> "blocked";
            case NEEDS_APPROVAL -> "needs-approval";
            case REJECTED -> "rejected";
        };
    }

    static String type(McpServerSpec spec) {
        return switch (spec) {
            case McpServerSpec.Stdio s -> "stdio";
            case McpServerSpec.Http h -> "http";
            case McpServerSpec.Sse s -> "sse";
            case McpServerSpec.WebSocket w -> "ws";
            case null -> null;
        };
    }

    /** The command line or the URL (masked), for the table. */
    static String target(McpServerSpec spec) {
        return switch (spec) {
            case McpServerSpec.Stdio s -> String.join(" ", java.util.stream.Stream.concat(java.util.stream.Stream.of(s.command()),
                    s.args().stream()).toList());
            case McpServerSpec.Http h -> Masking.url(h.url());
            case McpServerSpec.Sse s -> Masking.url(s.url());
            case McpServerSpec.WebSocket w -> Masking.url(w.url());
            case null -> "";
        };
    }

    /** The fields {@code list} shows. */
    static ObjectNode summary(McpSources.Entry entry) {
        ObjectNode node = Json.object().put("name", entry.name()).put("scope", scope(entry.source())).put("file", entry.file())
                .put("type", type(entry.spec()));
        switch (entry.spec()) {
            case McpServerSpec.Stdio s -> {
                node.put("command", s.command());
                node.set("args", Json.tree(List.copyOf(s.args())));
            }
            case McpServerSpec.Http h -> node.put("url", Masking.url(h.url()));
            case McpServerSpec.Sse s -> node.put("url", Masking.url(s.url()));
            case McpServerSpec.WebSocket w -> node.put("url", Masking.url(w.url()));
            case null -> { }
        }
        return node.put("status", status(entry)).put("reason", entry.why());
    }

    /** Every field {@code get} shows, secrets masked. */
    static ObjectNode full(McpSources.Entry entry) {
        ObjectNode node = summary(entry);
        switch (entry.spec()) {
            case McpServerSpec.Stdio s -> {
                node.set("env", Json.tree(Masking.values(new java.util.TreeMap<>(s.env()))));
                node.put("cwd", s.cwd() == null ? null : s.cwd().toString());
            }
            case McpServerSpec.Http h -> node.set("headers", Json.tree(Masking.values(new java.util.TreeMap<>(h.headers()))));
            case McpServerSpec.Sse s -> node.set("headers", Json.tree(Masking.values(new java.util.TreeMap<>(s.headers()))));
            case McpServerSpec.WebSocket w -> node.set("headers", Json.tree(Masking.values(new java.util.TreeMap<>(w.headers()))));
            case null -> { }
        }
        return node;
    }

    static String label(String status) {
        return status.replace('-', ' ').toLowerCase(Locale.ROOT);
    }
}
