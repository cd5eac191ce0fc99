package dev.tether.mcp.connection;

import static dev.tether.mcp.Interact.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.transport.HttpTransport;
import dev.tether.mcp.transport.ModernHeaders;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The HTTP side of MCP 2026-07-28: which 4xx means which server, and the headers mirrored from each request. */
public class StatelessHttpTest {
    private static final String DISCOVERED = "{'resultType':'complete','supportedVersions':['2026-07-28'],'capabilities':{'tools':{}},'cacheScope':'private'}";

    /** One POST as the server saw it. */
    record Seen(String method, Map<String, String> headers) {}

    /** A server's answer: status and body (null body: empty). */
    public record Reply(int status, String body) {}

    @Test
    void aRecognisedNewProtocol400IsANewServerAndItsVersionListIsRetried() throws IOException {
        int[] discovers = {0};
        try (Server server = new Server(m -> switch (m.path("method").asString("")) {
            case "server/discover" -> ++discovers[0] == 1
                    ? new Reply(400, error(m, -32022, "{'requested':'2026-07-28','supported':['2026-07-28']}"))
                    : new Reply(200, result(m, DISCOVERED));
            default -> new Reply(400, null);
        })) {
            assertEquals("2026-07-28", greet(server).protocolVersion());
            assertEquals(List.of("server/discover", "server/discover"), server.methods());
        }
    }

    @Test
    void anEmptyOrUnrecognised4xxIsAnOldServer() throws IOException {
        for (Reply refusal : List.of(new Reply(400, null), new Reply(404, null),
                new Reply(400, "{'jsonrpc':'2.0','id':null,'error':{'code':-32000,'message':'Bad Request: No valid session ID provided'}}"))) {
            try (Server server = new Server(m -> switch (m.path("method").asString("")) {
                case "server/discover" -> refusal;
                case "initialize" -> new Reply(200, result(m, "{'protocolVersion':'2025-11-25','capabilities':{},'serverInfo':{'name':'o','version':'1'}}"));
                default -> new Reply(202, null);
            })) {
                assertEquals("2025-11-25", greet(server).protocolVersion(), refusal.toString());
                assertEquals(List.of("server/discover", "initialize"), server.methods().subList(0, 2));
                assertNull(server.seen.get(1).headers().get("mcp-method"), "the old path sends no 2026 headers");
            }
        }
    }

    @Test
    void everyStatelessRequestMirrorsItsBodyInHeaders() throws IOException {
        try (Server server = new Server(m -> switch (m.path("method").asString("")) {
            case "server/discover" -> new Reply(200, result(m, DISCOVERED));
            default -> new Reply(200, result(m, "{'resultType':'complete','content':[{'type':'text','text':'ok'}]}"));
        })) {
            McpServerSpec.Http spec = new McpServerSpec.Http("h", server.url(), Map.of());
            try (McpClientSession client = new McpClientSession("h", new HttpTransport(spec, Duration.ofSeconds(5)), () -> { })) {
                new VersionChoice("h", null, VersionChoice.Reach.HTTP).greet(client, "1", Json.object(), Duration.ofSeconds(5), Cancellation.root(),
                        c -> c.initialize("1", Duration.ofSeconds(5), Cancellation.root()));
                client.callTool("naïve tool", Json.object(), new McpClientSession.CallLimits(Duration.ofSeconds(5), Duration.ofSeconds(5)),
                        Cancellation.root(), p -> { });
            }
            assertEquals(Map.of("mcp-protocol-version", "2026-07-28", "mcp-method", "server/discover"),
                    mcpHeaders(server.seen.get(0)));
            assertEquals(Map.of("mcp-protocol-version", "2026-07-28", "mcp-method", "tools/call",
                    "mcp-name", "=?base64?bmHDr3ZlIHRvb2w=?="), mcpHeaders(server.seen.get(1)));
        }
    }

    @Test
    void markedParametersAreMirroredAndAToolWithBrokenMarksIsNotOffered() throws IOException {
        String tools = "{'resultType':'complete','tools':["
                + "{'name':'route','inputSchema':{'type':'object','properties':{"
                + "'region':{'type':'string','x-mcp-header':'Region'},'count':{'type':'integer','x-mcp-header':'Count'},"
                + "'note':{'type':'string'}}}},"
                + "{'name':'nested','inputSchema':{'type':'object','properties':{'o':{'type':'object','x-mcp-header':'O'}}}},"
                + "{'name':'twice','inputSchema':{'type':'object','properties':{"
                + "'a':{'type':'string','x-mcp-header':'Same'},'b':{'type':'string','x-mcp-header':'same'}}}},"
                + "{'name':'spaced','inputSchema':{'type':'object','properties':{'a':{'type':'string','x-mcp-header':'Not a token'}}}}]}";
        try (Server server = new Server(m -> switch (m.path("method").asString("")) {
            case "server/discover" -> new Reply(200, result(m, "{'resultType':'complete','supportedVersions':['2026-07-28'],"
                    + "'capabilities':{'tools':{}},'cacheScope':'private'}"));
            case "tools/list" -> new Reply(200, result(m, tools));
            default -> new Reply(200, result(m, "{'resultType':'complete','content':[]}"));
        })) {
            McpServerSpec.Http spec = new McpServerSpec.Http("h", server.url(), Map.of());
            try (McpClientSession client = new McpClientSession("h", new HttpTransport(spec, Duration.ofSeconds(5)), () -> { })) {
                new VersionChoice("h", null, VersionChoice.Reach.HTTP).greet(client, "1", Json.object(), Duration.ofSeconds(5),
                        Cancellation.root(), c -> c.initialize("1", Duration.ofSeconds(5), Cancellation.root()));
                assertEquals(List.of("route"), client.listTools(dev.tether.mcp.catalog.CatalogBounds.DEFAULT, Duration.ofSeconds(5),
                        Cancellation.root()).stream().map(dev.tether.mcp.api.McpToolInfo::name).toList());
                client.callTool("route", json("{'region':'eu-west ü','count':3,'note':'not mirrored'}"),
                        new McpClientSession.CallLimits(Duration.ofSeconds(5), Duration.ofSeconds(5)), Cancellation.root(), p -> { });
                client.callTool("route", json("{'region':null}"),
                        new McpClientSession.CallLimits(Duration.ofSeconds(5), Duration.ofSeconds(5)), Cancellation.root(), p -> { });
            }
            List<Seen> calls = server.seen.stream().filter(s -> s.method().equals("tools/call")).toList();
            assertEquals(Map.of("mcp-protocol-version", "2026-07-28", "mcp-method", "tools/call", "mcp-name", "route",
                    "mcp-param-region", "=?base64?ZXUtd2VzdCDDvA==?=", "mcp-param-count", "3"), mcpHeaders(calls.get(0)));
            assertEquals(Map.of("mcp-protocol-version", "2026-07-28", "mcp-method", "tools/call", "mcp-name", "route"),
                    mcpHeaders(calls.get(1)), "a null argument sends no header");
        }
    }

    @Test
    void headerValuesAreEncodedAsTheSpecSays() {
        assertEquals("get_weather", ModernHeaders.encode("get_weather"));
        assertEquals("=?base64?IGxlYWRpbmc=?=", ModernHeaders.encode(" leading"));
        assertEquals("=?base64?5pel5pys?=", ModernHeaders.encode("日本"));
        assertEquals("=?base64?PT9iYXNlNjQ/eD89?=", ModernHeaders.encode("=?base64?x?="), "a value that looks encoded is encoded");
        assertEquals("=?base64?YQpi?=", ModernHeaders.encode("a\nb"));
        assertFalse(ModernHeaders.of(json("{'jsonrpc':'2.0','id':1,'method':'tools/list','params':{}}")).containsKey("Mcp-Method"),
                "a request of an earlier revision gets no headers");
    }

    private static Map<String, String> mcpHeaders(Seen seen) {
        return Map.copyOf(seen.headers().entrySet().stream().filter(e -> e.getKey().startsWith("mcp-"))
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    private static McpClientSession.Initialized greet(Server server) {
        McpServerSpec.Http spec = new McpServerSpec.Http("h", server.url(), Map.of());
        try (McpClientSession client = new McpClientSession("h", new HttpTransport(spec, Duration.ofSeconds(5)), () -> { })) {
            return new VersionChoice("h", null, VersionChoice.Reach.HTTP).greet(client, "1", Json.object(), Duration.ofSeconds(5), Cancellation.root(),
                    c -> c.initialize("1", Duration.ofSeconds(5), Cancellation.root()));
        }
    }

    private static String result(JsonNode request, String result) {
        return "{'jsonrpc':'2.0','id':" + Json.write(request.get("id")).replace('"', '\'') + ",'result':" + result + "}";
    }

    private static String error(JsonNode request, int code, String data) {
        return "{'jsonrpc':'2.0','id':" + Json.write(request.get("id")).replace('"', '\'') + ",'error':{'code':" + code
                + ",'message':'no','data':" + data + "}}";
    }

    /** A loopback HTTP server answering each POSTed message through {@code script}. */
    public static final class Server implements AutoCloseable {
        final List<Seen> seen = new CopyOnWriteArrayList<>();
        private final HttpServer http;

        public Server(Function<JsonNode, Reply> script) throws IOException {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.createContext("/mcp", exchange -> handle(exchange, script));
            http.start();
        }

        private void handle(HttpExchange exchange, Function<JsonNode, Reply> script) throws IOException {
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.sendResponseHeaders(405, -1);
                exchange.close();
                return;
            }
            JsonNode message = Json.parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            Map<String, String> headers = new java.util.HashMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.getFirst()));
            seen.add(new Seen(message.path("method").asString(""), headers));
            Reply reply = script.apply(message);
            if (reply.body() == null) {
                exchange.sendResponseHeaders(reply.status(), -1);
            } else {
                byte[] body = reply.body().replace('\'', '"').getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(reply.status(), body.length);
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        }

        public String url() {
            return "http://127.0.0.1:" + http.getAddress().getPort() + "/mcp";
        }

        List<String> methods() {
            return seen.stream().map(Seen::method).toList();
        }

        @Override
        public void close() {
            http.stop(0);
        }
    }
}
