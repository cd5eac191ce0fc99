package dev.tether.mcp.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ToolNamesTest {

    @ParameterizedTest(name = "{0} / {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            orders       | get_order         | mcp__orders__get_order
            my server    | do.thing          | mcp__my_server__do_thing
            ｆｕｌｌ      | ｗｉｄｅ          | mcp__full__wide
            srv          | café              | mcp__srv__caf_
            srv          | a/b:c             | mcp__srv__a_b_c
            srv          | 'x-y_z'           | mcp__srv__x-y_z
            srv          | ''                | mcp__srv___
            """)
    void mapsEachPartToTheAllowedAlphabet(String server, String tool, String expected) {
        assertEquals(expected, ToolNames.of(server, tool));
    }

    @Test
    void longNamesAreCutTo64WithAStableDigest() {
        String longTool = "a".repeat(100);
        String name = ToolNames.of("server", longTool);
        assertEquals(64, name.length());
        assertTrue(name.matches("mcp__server__a+_[0-9a-f]{8}"), name);
        assertEquals(name, ToolNames.of("server", longTool));
        assertNotEquals(name, ToolNames.of("server", "a".repeat(99) + "b"));
    }

    @Test
    void collidingToolsAllGetADigestWhateverTheOrder() {
        Map<String, String> names = ToolNames.assign("srv", List.of("do.it", "do_it", "do it"), Set.of());
        assertTrue(names.values().stream().allMatch(n -> n.matches("mcp__srv__do_it_[0-9a-f]{8}")), names.toString());
        assertEquals(names, ToolNames.assign("srv", List.of("do it", "do_it", "do.it"), Set.of()),
                "a re-ordered list gives every tool the same name as before");
        assertEquals("mcp__srv__other", ToolNames.assign("srv", List.of("do.it", "other", "do_it"), Set.of()).get("other"));
        assertEquals(3, Set.copyOf(names.values()).size());
        assertTrue(names.values().stream().allMatch(n -> n.matches("[A-Za-z0-9_-]{1,64}")));
    }

    @Test
    void aNameTakenByAnotherServerIsNotReused() {
        Map<String, String> names = ToolNames.assign("a_b", List.of("c"), Set.of(ToolNames.of("a.b", "c")));
        assertNotEquals(ToolNames.of("a.b", "c"), names.get("c"));
    }
}
