package dev.tether.reference;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.CountDownLatch;

/**
 * Tether's reference MCP server: a small fictional order system on the MCP Java SDK's server,
 * for tests, demos and trying an editor setup.
 *
 * <p>Tools: {@code list_orders {status?}} and {@code get_order {id}} (read-only),
 * {@code cancel_order {id, reason?}} (destructive), {@code create_order {customer, items}}.
 * Content ({@link OrderContent}): resources {@code orders://catalog} and {@code orders://logo.png},
 * the template {@code orders://order/{id}} with subscriptions ({@code touch_order {id}} sends the
 * update), prompts {@code summarize_order {id, tone?}} and {@code daily_report {}}, completion of
 * order ids. Orders {@code A-1001}..{@code A-1005} exist at start. {@code --trace FILE} appends
 * every line the server reads to FILE.
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
        McpSyncServer server = serve(new EndNotifyingStream(traced(in, list), ended), out);
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
        AtomicReference<McpSyncServer> self = new AtomicReference<>();
        OrderContent content = new OrderContent(book, mapper, self);
        List<SyncToolSpecification> allTools = new ArrayList<>(tools.specifications());
        allTools.add(content.touchOrder());
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(mapper, in, out))
                .serverInfo(NAME, VERSION)
                .instructions("A fictional order system. Order ids look like A-1001.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).resources(true, true).prompts(true)
                        .completions().build())
                .tools(allTools)
                .resources(content.resources())
                .resourceTemplates(content.orderTemplate())
                .prompts(content.prompts())
                .completions(content.completions())
                .build();
        self.set(server);
        return server;
    }

    /** Copies every line the server reads to {@code trace} (tests count the requests a client sent). */
    private static InputStream traced(InputStream in, List<String> args) {
        int i = args.indexOf("--trace");
        if (i < 0 || i + 1 >= args.size()) {
            return in;
        }
        try {
            OutputStream log = java.nio.file.Files.newOutputStream(Path.of(args.get(i + 1)),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return new FilterInputStream(in) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    if (b >= 0) {
                        log.write(b);
                        log.flush();
                    }
                    return b;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int n = super.read(buffer, offset, length);
                    if (n > 0) {
                        log.write(buffer, offset, n);
                        log.flush();
                    }
                    return n;
                }
            };
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
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
