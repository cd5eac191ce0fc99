package dev.tether.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.json.Json;
import dev.tether.jsonrpc.LineChannel.Oversize;
import org.junit.jupiter.api.Test;

class OversizeLinesTest {

    @Test
    void theIdIsFoundAtTheHeadAtTheTailOrNotAtAll() {
        assertEquals(Json.parse("7"), OversizeLines.requestId(new Oversize(1, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":[", "")));
        assertEquals(Json.parse("\"a-1\""), OversizeLines.requestId(new Oversize(1, "{\"result\":{\"x\":{\"id\":99},\"t\":\"",
                "xxxx\"}]},\"jsonrpc\":\"2.0\",\"id\":\"a-1\"}")));
        // A nested "id" must not be taken for the message's own.
        assertNull(OversizeLines.requestId(new Oversize(1, "{\"result\":{\"id\":5,\"text\":\"", "xxxxxxxx")));
    }
}
