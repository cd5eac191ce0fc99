package dev.tether.config.sources;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.TreeMap;
import tools.jackson.databind.node.ObjectNode;

/**
 * What an approval of a workspace server covers: a digest of everything that decides what runs
 * (type, command, args, env, cwd, URL, headers, as written). A changed entry has another
 * fingerprint and is asked about again.
 */
public final class ServerFingerprint {
    private ServerFingerprint() {}

    public static String of(McpServerSpec spec) {
        ObjectNode node = Json.object();
        switch (spec) {
            case McpServerSpec.Stdio s -> {
                node.put("type", "stdio").put("command", s.command()).put("cwd", s.cwd() == null ? null : s.cwd().toString());
                node.set("args", Json.tree(s.args()));
                node.set("env", Json.tree(new TreeMap<>(s.env())));
            }
            case McpServerSpec.Http h -> remote(node, "http", h.url()).set("headers", Json.tree(new TreeMap<>(h.headers())));
            case McpServerSpec.Sse h -> remote(node, "sse", h.url()).set("headers", Json.tree(new TreeMap<>(h.headers())));
            case McpServerSpec.WebSocket h -> remote(node, "ws", h.url()).set("headers", Json.tree(new TreeMap<>(h.headers())));
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(Json.write(node).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode remote(ObjectNode node, String type, String url) {
        return node.put("type", type).put("url", url);
    }
}
