package dev.tether.mcp.projection;

import dev.tether.json.Json;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolDeferral;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Which MCP tool definitions a model request carries. Past the session's {@link ToolDeferral}
 * threshold only built-in tools, tools marked always-load (by the server's {@code _meta} or the
 * user's {@code alwaysLoad}) and tools already loaded are sent, plus {@code tool_search}, which
 * loads more. A loaded tool stays loaded for the rest of the session, and is written to the
 * transcript so that {@code session/load} and {@code session/resume} keep it. Only projected
 * server tools ({@code mcp__<server>__<tool>}) are ever deferred.
 */
public final class DeferredTools {
    static final String PREFIX = "mcp__";

    private final ToolDeferral settings;
    private final Set<String> loaded = ConcurrentHashMap.newKeySet();
    private final Consumer<Collection<String>> record;
    private volatile List<Tool> searchable = List.of();
    private volatile int deferred;
    private List<Tool> estimated = List.of();
    private long estimate;

    /** @param record told the whole loaded set each time it grows (the transcript) */
    public DeferredTools(ToolDeferral settings, Collection<String> restored, Consumer<Collection<String>> record) {
        this.settings = settings;
        this.loaded.addAll(restored);
        this.record = record;
    }

    /** The tools to send, out of those {@code offered}; {@code tool_search} only while something is deferred. */
    public List<Tool> select(List<Tool> offered) {
        List<Tool> mcp = offered.stream().filter(DeferredTools::deferrable).toList();
        if (!settings.defers(mcp.size(), tokens(mcp))) {
            searchable = List.of();
            deferred = 0;
            return offered.stream().filter(t -> !ToolSearchTool.NAME.equals(t.definition().name())).toList();
        }
        List<Tool> sent = new ArrayList<>();
        int hidden = 0;
        for (Tool tool : offered) {
            if (!deferrable(tool) || alwaysLoaded(tool) || loaded.contains(tool.definition().name())) {
                sent.add(tool);
            } else {
                hidden++;
            }
        }
        searchable = mcp;
        deferred = hidden;
        if (hidden == 0) {
            sent.removeIf(t -> ToolSearchTool.NAME.equals(t.definition().name()));
        }
        return sent;
    }

    /** Every MCP tool of the last request's projection, for the search. */
    List<Tool> searchable() {
        return searchable;
    }

    /** How many definitions the last request left out. */
    int deferred() {
        return deferred;
    }

    /** The servers of the deferred tools, sanitised, sorted. */
    List<String> servers() {
        Set<String> names = new TreeSet<>();
        for (Tool tool : searchable) {
            names.add(server(tool));
        }
        return List.copyOf(names);
    }

    /**
     * Loads {@code names} from the next request on; records the set when it grew. Synchronized:
     * two tool searches of one step run side by side, and the set recorded last (the one a load
     * restores) must be the whole set, not the snapshot of the search that happened to write last.
     */
    synchronized void load(Collection<String> names) {
        if (loaded.addAll(names)) {
            record.accept(List.copyOf(new TreeSet<>(loaded)));
        }
    }

    boolean isLoaded(String name) {
        return loaded.contains(name);
    }

    /** Whether the last request left out the definition of the tool the model calls {@code name} (for the status view). */
    public boolean isDeferred(String name) {
        if (deferred == 0) {
            return false;
        }
        for (Tool tool : searchable) {
            if (tool.definition().name().equals(name)) {
                return !alwaysLoaded(tool) && !loaded.contains(name);
            }
        }
        return false;
    }

    /** A call to a deferred tool by its exact name runs, and loads it. */
    public void used(Tool tool) {
        if (deferrable(tool) && !loaded.contains(tool.definition().name()) && searchable.contains(tool)) {
            load(List.of(tool.definition().name()));
        }
    }

    static boolean deferrable(Tool tool) {
        return tool.definition().name().startsWith(PREFIX) && !"builtin".equals(tool.traits().source());
    }

    private boolean alwaysLoaded(Tool tool) {
        return (tool instanceof McpTool mcp && mcp.alwaysLoad()) || settings.alwaysLoads(tool.definition().name(), tool.traits().source());
    }

    static String server(Tool tool) {
        return UnicodeSanitizer.clean(String.valueOf(tool.traits().source())).replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    /** The definitions' size in tokens, estimated as characters / 4; cached while the tools stay the same. */
    private synchronized long tokens(List<Tool> tools) {
        if (!tools.equals(estimated)) {
            long chars = 0;
            for (Tool tool : tools) {
                chars += tool.definition().name().length() + tool.definition().description().length()
                        + Json.write(tool.definition().inputSchema()).length();
            }
            estimated = tools;
            estimate = chars / 4;
        }
        return estimate;
    }
}
