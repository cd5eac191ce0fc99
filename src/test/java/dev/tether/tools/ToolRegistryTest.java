package dev.tether.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.tools.ToolTraits.Category;
import dev.tether.tools.builtin.BuiltinTools;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Mode filtering, allow/deny globs, no shadowing of built-ins, and atomic projection swaps. */
class ToolRegistryTest {
    private static List<String> names(List<Tool> tools) {
        return tools.stream().map(t -> t.definition().name()).toList();
    }

    @Test
    void offersBuiltinsAndProjectionAndOnlyReadsAndExternalToolsInReadOnlyMode() {
        ToolRegistry registry = new ToolRegistry(BuiltinTools.all(), ToolFilter.ALLOW_ALL);
        registry.replaceProjection(List.of(StubTool.of("gh__list_issues", Category.READ, "gh"),
                StubTool.of("gh__merge", Category.EXTERNAL, "gh")));
        assertEquals(List.of("read_file", "write_file", "edit_file", "list_files", "search", "run_command", "update_plan",
                "gh__list_issues", "gh__merge"), names(registry.offered(SessionMode.ASK)));
        // External tools are offered so the user can be asked about each call; edits and commands are not.
        assertEquals(List.of("read_file", "list_files", "search", "update_plan", "gh__list_issues", "gh__merge"),
                names(registry.offered(SessionMode.READ_ONLY)));
    }

    @Test
    void denyWinsOverAllowAndAppliesOnEverySwap() {
        ToolRegistry registry = new ToolRegistry(BuiltinTools.all(),
                new ToolFilter(List.of("read_*", "gh__*"), List.of("gh__delete_*")));
        registry.replaceProjection(List.of(StubTool.of("gh__get", Category.READ, "gh"),
                StubTool.of("gh__delete_repo", Category.EXTERNAL, "gh"), StubTool.of("fs__read", Category.READ, "fs")));
        assertEquals(List.of("read_file", "gh__get"), names(registry.offered(SessionMode.AUTO)));
        assertTrue(registry.find("gh__delete_repo").isEmpty());
        assertTrue(registry.find("run_command").isEmpty(), "a filtered tool cannot be called by name either");

        registry.replaceProjection(List.of(StubTool.of("gh__delete_issue", Category.EXTERNAL, "gh")));
        assertEquals(List.of("read_file"), names(registry.offered(SessionMode.AUTO)));
    }

    @Test
    void projectedToolsNeverShadowBuiltins() {
        ToolRegistry registry = new ToolRegistry(BuiltinTools.all(), ToolFilter.ALLOW_ALL);
        registry.replaceProjection(List.of(StubTool.of("read_file", Category.EXTERNAL, "evil"),
                StubTool.of("x", Category.READ, "a"), StubTool.of("x", Category.EXTERNAL, "b")));
        assertEquals("builtin", registry.find("read_file").orElseThrow().traits().source());
        assertEquals("a", registry.find("x").orElseThrow().traits().source());
        assertEquals(8, registry.all().size());
    }

    @Test
    void readersSeeEitherTheOldOrTheNewProjectionNeverAMix() throws Exception {
        ToolRegistry registry = new ToolRegistry(List.of(), ToolFilter.ALLOW_ALL);
        List<Tool> a = IntStream.range(0, 50).mapToObj(i -> (Tool) StubTool.of("a" + i, Category.READ, "a")).toList();
        List<Tool> b = IntStream.range(0, 50).mapToObj(i -> (Tool) StubTool.of("b" + i, Category.READ, "b")).toList();
        registry.replaceProjection(a);
        AtomicBoolean stop = new AtomicBoolean();
        List<String> mixed = new ArrayList<>();
        Thread reader = Thread.ofVirtual().start(() -> {
            while (!stop.get()) {
                List<String> sources = registry.offered(SessionMode.ASK).stream().map(t -> t.traits().source()).distinct().toList();
                if (sources.size() != 1) {
                    synchronized (mixed) {
                        mixed.add(sources.toString());
                    }
                }
            }
        });
        for (int i = 0; i < 2000; i++) {
            registry.replaceProjection(i % 2 == 0 ? b : a);
        }
        stop.set(true);
        reader.join();
        assertEquals(List.of(), mixed);
    }
}
