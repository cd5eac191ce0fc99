package dev.tether.reference;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiFunction;

/**
 * Tether's reference MCP server: a small fictional order system on the MCP Java SDK's server,
 * for tests, demos and trying an editor setup.
 *
 * <p>Tools: {@code list_orders {status?}} and {@code get_order {id}} (read-only),
 * {@code cancel_order {id, reason?}} (destructive), {@code create_order {customer, items}}.
 * Resources: {@code orders://catalog} and the template {@code orders://order/{id}}. Prompt:
 * {@code summarize_order {id}}. Orders {@code A-1001}..{@code A-1005} exist at start.
 *
 * <p>Arguments: {@code stdio} (the default) serves MCP on stdin/stdout; stdout carries MCP
 * frames only, logging goes to stderr, and the server exits when stdin ends.
 * {@code --http --port N} serves the tools over streamable HTTP on 127.0.0.1 instead
 * ({@link ReferenceHttpServer}; port 0 picks a free one) and prints
 * {@code listening on http://127.0.0.1:<port>/mcp} to stderr; it runs until killed.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server">MCP server features</a>
 */
public final class ReferenceServer {
    public static final String NAME = "tether-reference-orders";
    public static final String VERSION = "0.1.0";

    private ReferenceServer() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the server on this process's stdio until its input ends; returns the exit status. */
    public static int run(String[] args) {
        PrintStream stdout = System.out;
        System.setOut(System.err);
        return run(args, System.in, stdout);
    }

    /** Runs the server on the given streams until the input ends; returns the exit status. */
    public static int run(String[] args, InputStream in, OutputStream out) {
        List<String> list = List.of(args);
        if (list.contains("--help") || list.contains("-h")) {
            System.err.println("usage: reference-server [stdio] | --http --port N (N = 0 picks a free port)");
            return 0;
        }
        if (list.contains("--http")) {
            return serveHttp(list);
        }
        // Only MCP frames may reach stdout: keep the real stream for the transport, send the rest to stderr.
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.log.io.modelcontextprotocol", "warn");
        CountDownLatch ended = new CountDownLatch(1);
        McpSyncServer server = serve(new EndNotifyingStream(in, ended), out);
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close();
        return 0;
    }

    private static int serveHttp(List<String> args) {
        int i = args.indexOf("--port");
        int port;
        try {
            port = i >= 0 && i + 1 < args.size() ? Integer.parseInt(args.get(i + 1)) : 0;
        } catch (NumberFormatException e) {
            System.err.println("reference-server: --port needs a number");
            return 2;
        }
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.log.io.modelcontextprotocol", "warn");
        ReferenceHttpServer server = ReferenceHttpServer.start(port);
        System.err.println("listening on " + server.url());
        try {
            Thread.currentThread().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close();
        return 0;
    }

    /** Serves MCP over the given streams (in-process use in tests: pipes). */
    public static McpSyncServer serve(InputStream in, OutputStream out) {
        McpJsonMapper mapper = McpJsonDefaults.getMapper();
        OrderBook book = new OrderBook();
        OrderTools tools = new OrderTools(book, mapper);
        return McpServer.sync(new StdioServerTransportProvider(mapper, in, out))
                .serverInfo(NAME, VERSION)
                .instructions("A fictional order system. Order ids look like A-1001.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).resources(false, true).prompts(true).build())
                .tools(tools.specifications())
                .resources(catalog())
                .resourceTemplates(orderTemplate(book))
                .prompts(summarizePrompt(book))
                .build();
    }

    private static SyncResourceSpecification catalog() {
        McpSchema.Resource resource = McpSchema.Resource.builder().uri("orders://catalog").name("catalog")
                .title("Product catalog").mimeType("text/plain").build();
        return new SyncResourceSpecification(resource, (exchange, request) -> {
            StringBuilder text = new StringBuilder();
            OrderBook.CATALOG.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> text.append(e.getKey()).append(": ").append(e.getValue()).append('\n'));
            return new McpSchema.ReadResourceResult(List.of(
                    new McpSchema.TextResourceContents(request.uri(), "text/plain", text.toString())));
        });
    }

    private static SyncResourceTemplateSpecification orderTemplate(OrderBook book) {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder().uriTemplate("orders://order/{id}")
                .name("order").title("One order").mimeType("text/plain").build();
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            String id = request.uri().substring("orders://order/".length());
            String text = book.get(id).map(OrderBook.Order::summary).orElse("no order " + id);
            return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(request.uri(), "text/plain", text)));
        });
    }

    private static SyncPromptSpecification summarizePrompt(OrderBook book) {
        McpSchema.Prompt prompt = new McpSchema.Prompt("summarize_order", "Summarise one order",
                List.of(new McpSchema.PromptArgument("id", "The order id, e.g. A-1001", true)));
        BiFunction<io.modelcontextprotocol.server.McpSyncServerExchange, McpSchema.GetPromptRequest, McpSchema.GetPromptResult> handler =
                (exchange, request) -> {
                    String id = String.valueOf(request.arguments().get("id"));
                    String order = book.get(id).map(OrderBook.Order::summary).orElse("(no such order)");
                    return new McpSchema.GetPromptResult("Summarise order " + id, List.of(new McpSchema.PromptMessage(
                            McpSchema.Role.USER, new McpSchema.TextContent("Summarise this order for a customer email:\n" + order))));
                };
        return new SyncPromptSpecification(prompt, handler);
    }

    /** Counts the latch down when the wrapped stream ends, so the server exits with its client. */
    private static final class EndNotifyingStream extends FilterInputStream {
        private final CountDownLatch ended;

        EndNotifyingStream(InputStream in, CountDownLatch ended) {
            super(in);
            this.ended = ended;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b < 0) {
                ended.countDown();
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n < 0) {
                ended.countDown();
            }
            return n;
        }
    }
}
