package dev.tether.mcp.projection;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Model-facing names of MCP tools: {@code mcp__<server>__<tool>}. Model APIs require tool
 * names to match {@code [A-Za-z0-9_-]{1,64}}, so each part is NFKC-normalised and every
 * other character becomes {@code _}; a name that had to be cut, and every name that collides
 * with another, gets a short digest of the raw server and tool names so it stays stable and unique.
 */
public final class ToolNames {
    public static final String PREFIX = "mcp__";
    public static final String SEPARATOR = "__";
    public static final int MAX_LENGTH = 64;
    private static final int DIGEST_CHARS = 8;

    private ToolNames() {}

    /** The name of one tool, cut with a digest when longer than {@link #MAX_LENGTH}. */
    public static String of(String server, String tool) {
        String name = PREFIX + part(server) + SEPARATOR + part(tool);
        return name.length() <= MAX_LENGTH ? name : withDigest(name, server, tool);
    }

    /**
     * Names for all tools of one server, in order. Where raw names map to the same name, every
     * one of them gets a digest suffix, so the list's order never decides which tool keeps the
     * plain name (a re-ordered list must not hand one tool's name, and what the model learned
     * about it, to another); a name already in {@code taken} (another server's) gets one too.
     */
    public static Map<String, String> assign(String server, List<String> tools, Set<String> taken) {
        Map<String, Long> plain = tools.stream().distinct()
                .collect(Collectors.groupingBy(tool -> of(server, tool), Collectors.counting()));
        Map<String, String> byRaw = new LinkedHashMap<>();
        for (String tool : tools) {
            String name = of(server, tool);
            if (plain.get(name) > 1 || taken.contains(name)) {
                name = withDigest(name, server, tool);
            }
            byRaw.put(tool, name);
        }
        return byRaw;
    }

    /** One name part: NFKC, then {@code [A-Za-z0-9_-]} only. */
    static String part(String raw) {
        String normalized = Normalizer.normalize(raw == null ? "" : raw, Normalizer.Form.NFKC);
        StringBuilder out = new StringBuilder(normalized.length());
        normalized.codePoints().forEach(cp -> out.append(allowed(cp) ? (char) cp : '_'));
        return out.isEmpty() ? "_" : out.toString();
    }

    private static boolean allowed(int cp) {
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') || cp == '_' || cp == '-';
    }

    private static String withDigest(String name, String server, String tool) {
        String suffix = "_" + digest(server + "\u0000" + tool);
        int keep = Math.min(name.length(), MAX_LENGTH - suffix.length());
        return name.substring(0, keep) + suffix;
    }

    private static String digest(String raw) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(raw.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash).substring(0, DIGEST_CHARS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
