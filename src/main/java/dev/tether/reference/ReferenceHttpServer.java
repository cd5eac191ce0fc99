package dev.tether.reference;

import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import reactor.core.publisher.Mono;

/**
 * The reference server's tools over MCP streamable HTTP on 127.0.0.1, in the stateless form
 * (no {@code Mcp-Session-Id}; every POST carries one JSON-RPC message and a request is answered
 * with {@code application/json}, a notification with 202; GET is 405, so clients open no
 * standalone stream). A Helidon SE endpoint feeds the SDK's stateless server, because the SDK
 * ships only servlet HTTP transports. Tools only: resources and prompts are on stdio.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http">MCP streamable HTTP</a>
 */
public final class ReferenceHttpServer implements AutoCloseable {
    public static final String PATH = "/mcp";

    private final WebServer web;
    private final McpStatelessSyncServer mcp;

    private ReferenceHttpServer(WebServer web, McpStatelessSyncServer mcp) {
        this.web = web;
        this.mcp = mcp;
    }

    /** Starts serving on 127.0.0.1:{@code port} (0 picks a free port). */
    public static ReferenceHttpServer start(int port) {
        McpJsonMapper mapper = McpJsonDefaults.getMapper();
        Endpoint endpoint = new Endpoint(mapper);
        OrderTools tools = new OrderTools(new OrderBook(), mapper);
        McpStatelessSyncServer mcp = McpServer.sync(endpoint)
                .serverInfo(ReferenceServer.NAME, ReferenceServer.VERSION)
                .instructions("A fictional order system. Order ids look like A-1001.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(tools.specifications().stream()
                        .map(s -> new McpStatelessServerFeatures.SyncToolSpecification(s.tool(),
                                (context, request) -> s.callHandler().apply(null, request)))
                        .toList())
                .build();
        WebServer web = WebServer.builder()
                .host("127.0.0.1")
                .port(port)
                .routing(r -> r.post(PATH, endpoint::post)
                        .get(PATH, (req, res) -> res.status(Status.METHOD_NOT_ALLOWED_405).send())
                        .delete(PATH, (req, res) -> res.status(Status.METHOD_NOT_ALLOWED_405).send()))
                .build()
                .start();
        return new ReferenceHttpServer(web, mcp);
    }

    public int port() {
        return web.port();
    }

    public String url() {
        return "http://127.0.0.1:" + port() + PATH;
    }

    @Override
    public void close() {
        web.stop();
        mcp.close();
    }

    /** The SDK's stateless transport seam, fed by Helidon's POST handler. */
    private static final class Endpoint implements McpStatelessServerTransport {
        private final McpJsonMapper mapper;
        private volatile McpStatelessServerHandler handler;

        Endpoint(McpJsonMapper mapper) {
            this.mapper = mapper;
        }

        @Override
        public void setMcpHandler(McpStatelessServerHandler handler) {
            this.handler = handler;
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.empty();
        }

        void post(ServerRequest req, ServerResponse res) throws IOException {
            McpSchema.JSONRPCMessage message;
            try {
                message = McpSchema.deserializeJsonRpcMessage(mapper, req.content().as(String.class));
            } catch (IOException | IllegalArgumentException e) {
                res.status(Status.BAD_REQUEST_400).send("not a JSON-RPC message");
                return;
            }
            switch (message) {
                case McpSchema.JSONRPCRequest request -> {
                    McpSchema.JSONRPCResponse response = handler.handleRequest(McpTransportContext.EMPTY, request).block();
                    res.header("Content-Type", "application/json");
                    res.send(mapper.writeValueAsString(response).getBytes(StandardCharsets.UTF_8));
                }
                case McpSchema.JSONRPCNotification notification -> {
                    handler.handleNotification(McpTransportContext.EMPTY, notification).block();
                    res.status(Status.ACCEPTED_202).send();
                }
                default -> res.status(Status.ACCEPTED_202).send();
            }
        }
    }
}
