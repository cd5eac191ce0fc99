package dev.tether.mcp.auth.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerRecordsTest {
    @Test
    void findsTheRecordsWhoseResourceIsTheServer() {
        MemoryTokenStore store = new MemoryTokenStore();
        store.save("t1", Json.object().put("resource", "HTTPS://MCP.Example:443/mcp/"));
        store.save("t2", Json.object().put("resource", "https://mcp.example/other"));
        store.save("reg", Json.object().put("issuer", "https://mcp.example"));

        assertEquals(List.of("t1"), ServerRecords.keysFor(store, "https://mcp.example/mcp"));
        assertEquals(List.of(), ServerRecords.keysFor(store, "https://mcp.example:8443/mcp"));
    }

    @Test
    void canonicalFormDropsWhatDoesNotNameTheServer() {
        assertEquals("https://mcp.example/mcp", ServerRecords.canonical(" https://user:pw@MCP.example:443/mcp/#x "));
        assertEquals("http://127.0.0.1:8080/mcp?tenant=a", ServerRecords.canonical("http://127.0.0.1:8080/mcp?tenant=a"));
        assertEquals("https://mcp.example/", ServerRecords.canonical("https://mcp.example/"));
    }
}
