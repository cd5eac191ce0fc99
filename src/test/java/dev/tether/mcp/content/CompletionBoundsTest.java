package dev.tether.mcp.content;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CompletionBoundsTest {

    @Test
    void atMostAHundredSanitisedSingleLineValuesAndOverlongOnesAreDropped() {
        List<String> raw = new ArrayList<>(List.of("ok\u200b", "x".repeat(201), "two\nlines", ""));
        IntStream.range(0, 200).forEach(i -> raw.add("v" + i));
        McpCompletion bounded = Completions.bound(new McpCompletion(raw, 500, false));
        assertEquals(100, bounded.values().size());
        assertEquals(List.of("ok", "two lines", "v0"), bounded.values().subList(0, 3));
        assertEquals(Boolean.TRUE, bounded.hasMore(), "values were left out, so there are more");
        assertEquals(500, bounded.total());
    }

    @Test
    void theTextListsCandidatesAndWhatTheServerSaidAboutTheRest() {
        assertEquals("Candidates (2):\n- A-1001\n- A-1002\n(total: 5, hasMore: true)",
                Completions.describe(new McpCompletion(List.of("A-1001", "A-1002"), 5, true)));
        assertEquals("No candidates.", Completions.describe(new McpCompletion(List.of(), null, null)));
    }
}
