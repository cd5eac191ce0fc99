package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.transport.HttpAuthorization;
import dev.tether.mcp.transport.HttpTransport;
import dev.tether.testing.Waits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * An {@link Error} (here a stack overflow) thrown in the thread that carries one HTTP request —
 * the kind a hostile answer could provoke deep in a parser — fails that request with a readable
 * error instead of leaving its caller waiting for ever; the next request on the transport works.
 */
class TransportErrorAttackTest {

    @Test
    void anErrorInTheTransportThreadFailsItsRequestAndTheNextOneWorks() throws Exception {
        AtomicInteger headers = new AtomicInteger();
        HttpAuthorization breaksOnce = new HttpAuthorization() {
            @Override
            public String header() {
                if (headers.incrementAndGet() == 1) {
                    throw new StackOverflowError("provoked");
                }
                return null;
            }

            @Override
            public Verdict rejected(Rejection rejection) {
                return Verdict.fail("no");
            }
        };
        List<JsonNode> received = new CopyOnWriteArrayList<>();
        try (HostileHttpMcpServer server = new HostileHttpMcpServer()) {
            HttpTransport transport = new HttpTransport(new McpServerSpec.Http("hostile", server.url(), Map.of()),
                    Duration.ofSeconds(5), breaksOnce, 1024 * 1024);
            transport.start(new MessageChannel.Listener() {
                @Override
                public void onMessage(JsonNode message) {
                    received.add(message);
                }

                @Override
                public void onMalformed(String reason) {}

                @Override
                public void onClosed(Throwable cause) {}
            });
            try {
                transport.send(Json.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"));
                Waits.eventually(Duration.ofSeconds(10), () -> answer(received, 1) != null, "the broken request is answered");
                JsonNode failed = answer(received, 1);
                assertEquals("the request failed in Tether's HTTP transport (StackOverflowError)",
                        failed.path("error").path("message").asString());

                transport.send(Json.parse("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}"));
                Waits.eventually(Duration.ofSeconds(10), () -> answer(received, 2) != null, "the next request is answered");
                assertTrue(answer(received, 2).has("result"), answer(received, 2).toString());
            } finally {
                transport.close();
            }
        }
    }

    private static JsonNode answer(List<JsonNode> received, int id) {
        return received.stream().filter(m -> m.path("id").asInt(-1) == id).findFirst().orElse(null);
    }
}
