package dev.tether.tools;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools of one session: the built-ins plus the current projection of MCP tools. The
 * projection is swapped as a whole ({@link #replaceProjection}), so a model request never sees
 * half of an old catalog and half of a new one. The user's {@link ToolFilter} is applied on
 * every swap; a projected tool can never take a built-in's name.
 */
public final class ToolRegistry {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(ToolRegistry.class);
    }

    private record Snapshot(List<Tool> projection, ToolFilter filter, Map<String, Tool> byName) {}

    private final List<Tool> builtins;
    private final AtomicReference<Snapshot> current;

    public ToolRegistry(List<Tool> builtins, ToolFilter filter) {
        this.builtins = List.copyOf(builtins);
        this.current = new AtomicReference<>(build(List.of(), filter));
    }

    /** Replaces all projected tools at once and re-applies the filter. */
    public void replaceProjection(List<Tool> projection) {
        current.updateAndGet(s -> build(List.copyOf(projection), s.filter()));
    }

    /** Replaces the allow/deny lists and re-applies them to every tool. */
    public void replaceFilter(ToolFilter filter) {
        current.updateAndGet(s -> build(s.projection(), filter));
    }

    /** The tool the model may call by this name, if it is offered at all. */
    public Optional<Tool> find(String name) {
        return Optional.ofNullable(current.get().byName().get(name));
    }

    /** Every callable tool, built-ins first. */
    public List<Tool> all() {
        return List.copyOf(current.get().byName().values());
    }

    /** The tools offered to the model under {@code mode}: in read-only mode, reads and external tools (which ask). */
    public List<Tool> offered(SessionMode mode) {
        return current.get().byName().values().stream()
                .filter(tool -> mode != SessionMode.READ_ONLY || tool.traits().offeredInReadOnly())
                .toList();
    }

    private Snapshot build(List<Tool> projection, ToolFilter filter) {
        Map<String, Tool> byName = new LinkedHashMap<>();
        List<String> builtinNames = new ArrayList<>();
        for (Tool tool : builtins) {
            String name = tool.definition().name();
            builtinNames.add(name);
            if (filter.permits(name)) {
                byName.put(name, tool);
            }
        }
        for (Tool tool : projection) {
            String name = tool.definition().name();
            if (builtinNames.contains(name)) {
                log().warn("tool {} from {} dropped: a built-in tool has that name", name, tool.traits().source());
            } else if (byName.containsKey(name)) {
                log().warn("tool {} from {} dropped: another tool already has that name", name, tool.traits().source());
            } else if (filter.permits(name)) {
                byName.put(name, tool);
            }
        }
        return new Snapshot(projection, filter, Collections.unmodifiableMap(byName));
    }
}
