package dev.tether.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.jsonrpc.Spilled;
import dev.tether.jsonrpc.SpilledString;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** A spilled text becomes a spilled text item; one that sits where nothing reads it is closed at once. */
class SpilledContentTest {
    @TempDir
    Path dir;

    @Test
    void aTextItemKeepsItsSpilledTextAndOtherItemsCloseTheirs() throws Exception {
        SpilledString text = Spilled.of("the text", dir);
        SpilledString stray = Spilled.of("beside an image", dir);
        SpilledString untyped = Spilled.of("no type", dir);
        ObjectNode result = Json.object();
        var content = result.putArray("content");
        content.addObject().put("type", "text").set("text", JsonNodeFactory.instance.pojoNode(text));
        content.addObject().put("type", "image").put("data", "AAAA").put("mimeType", "image/png")
                .set("text", JsonNodeFactory.instance.pojoNode(stray));
        content.addObject().set("text", JsonNodeFactory.instance.pojoNode(untyped));
        McpCallResult mapped = McpWire.callResult(result);
        assertEquals(new McpContent.SpilledText(text), mapped.content().getFirst());
        assertTrue(text.isOpen(), "the result owns it until it is mapped");
        assertFalse(stray.isOpen(), "an image's text is never read");
        assertFalse(untyped.isOpen());
        mapped.release();
        assertFalse(text.isOpen());
    }
}
