package dev.tether.mcp.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Our own cursor pages over the committed catalogs; it never reaches a server and goes stale with the catalog. */
class ResourceListingPaginationTest {
    private long revision = 1;

    /** Only the committed catalogs are stubbed; {@link #neverReachesAServer} checks nothing else is asked. */
    private final ContentAccess access = mock(ContentAccess.class);

    @BeforeEach
    void catalogAtTheCurrentRevision() {
        when(access.servers()).thenAnswer(call -> {
            List<McpResource> many = IntStream.range(0, 120)
                    .mapToObj(i -> new McpResource("docs://" + i, "doc\u202e" + i, null, null, "text/plain", null)).toList();
            ContentCatalog catalog = new ContentCatalog(many, List.of(new McpResourceTemplate("docs://{n}", "doc", null,
                    "One doc", null, UriTemplate.parse("docs://{n}"))), revision);
            return List.of(new ContentAccess.ServerContent("docs", catalog, true, false),
                    new ContentAccess.ServerContent("tools-only", ContentCatalog.EMPTY, false, false));
        });
    }

    @AfterEach
    void neverReachesAServer() {
        verify(access, atLeastOnce()).servers();
        verifyNoMoreInteractions(access);
    }

    private JsonNode page(String cursor) throws ToolError.TellModel {
        var input = Json.object();
        if (cursor != null) {
            input.put("cursor", cursor);
        }
        ToolOutcome out = new ListResourcesTool(access, dev.tether.security.SecretCuts.none()).run(input, null);
        return Json.parse(((Part.Text) out.forModel().getFirst()).text());
    }

    @Test
    void threePagesOfFiftyCoverEveryResourceAndTemplateOnce() throws Exception {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = page(cursor);
            pages++;
            assertEquals(121, page.get("total").asInt());
            page.get("entries").forEach(e -> seen.add(e.has("uri") ? e.get("uri").asString() : e.get("uriTemplate").asString()));
            cursor = page.has("nextCursor") ? page.get("nextCursor").asString() : null;
        } while (cursor != null);
        assertEquals(3, pages);
        assertEquals(121, seen.size());
        assertEquals("docs://{n}", seen.getLast());
        assertEquals("doc0", page(null).get("entries").get(0).get("name").asString(), "names are sanitised");
    }

    @Test
    void aCursorFromAnOlderCatalogOrAForgedOneIsRefused() throws Exception {
        String cursor = page(null).get("nextCursor").asString();
        revision++;
        ToolError.TellModel stale = assertThrows(ToolError.TellModel.class, () -> page(cursor));
        assertTrue(stale.getMessage().contains("changed"), stale.getMessage());
        assertThrows(ToolError.TellModel.class, () -> page("bm90LW91cnM"));
        assertFalse(ListResourcesTool.NAME.contains("__"));
    }
}
