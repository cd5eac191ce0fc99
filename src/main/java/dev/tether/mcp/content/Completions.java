package dev.tether.mcp.content;

import dev.tether.security.UnicodeSanitizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Bounds a server's completion candidates: sanitised, single-line, at most {@value #MAX_VALUES} of at most {@value #MAX_CHARS} characters. */
public final class Completions {
    public static final int MAX_VALUES = 100;
    public static final int MAX_CHARS = 200;

    private Completions() {}

    /** Drops empty, duplicate and over-long candidates (a cut candidate would be a wrong one) and keeps the first {@value #MAX_VALUES}. */
    public static McpCompletion bound(McpCompletion raw) {
        Set<String> kept = new LinkedHashSet<>();
        boolean dropped = false;
        for (String value : raw.values()) {
            String clean = UnicodeSanitizer.clean(value).replaceAll("[\\r\\n\\t]+", " ").strip();
            if (clean.isEmpty() || clean.length() > MAX_CHARS) {
                dropped |= !clean.isEmpty();
                continue;
            }
            if (kept.size() == MAX_VALUES) {
                dropped = true;
                break;
            }
            kept.add(clean);
        }
        Boolean hasMore = dropped ? Boolean.TRUE : raw.hasMore();
        Integer total = raw.total() == null || raw.total() < 0 ? null : raw.total();
        return new McpCompletion(new ArrayList<>(kept), total, hasMore);
    }

    /** The candidates as text for the model. */
    public static String describe(McpCompletion c) {
        if (c.values().isEmpty()) {
            return "No candidates.";
        }
        StringBuilder text = new StringBuilder("Candidates (" + c.values().size() + "):");
        c.values().forEach(v -> text.append("\n- ").append(v));
        List<String> more = new ArrayList<>();
        if (c.total() != null) {
            more.add("total: " + c.total());
        }
        if (c.hasMore() != null) {
            more.add("hasMore: " + c.hasMore());
        }
        if (!more.isEmpty()) {
            text.append("\n(").append(String.join(", ", more)).append(")");
        }
        return text.toString();
    }
}
