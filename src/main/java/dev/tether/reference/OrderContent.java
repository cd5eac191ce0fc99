package dev.tether.reference;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The reference server's content: resources {@code orders://catalog} (text) and
 * {@code orders://logo.png} (a blob), the template {@code orders://order/{id}}, prompts
 * {@code summarize_order {id, tone?}} (text plus the order as an embedded resource) and
 * {@code daily_report {}} (text plus an image), completions of order ids for both, and the tool
 * {@code touch_order {id}} that sends {@code notifications/resources/updated} for the order's URI
 * to subscribed clients.
 */
final class OrderContent {
    static final String TEMPLATE = "orders://order/{id}";
    /** A 1×1 PNG. */
    static final String LOGO_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

    private final OrderBook book;
    private final McpJsonMapper mapper;
    private final AtomicReference<McpSyncServer> server;

    OrderContent(OrderBook book, McpJsonMapper mapper, AtomicReference<McpSyncServer> server) {
        this.book = book;
        this.mapper = mapper;
        this.server = server;
    }

    List<SyncResourceSpecification> resources() {
        McpSchema.Resource catalog = McpSchema.Resource.builder().uri("orders://catalog").name("catalog")
                .title("Product catalog").mimeType("text/plain").build();
        McpSchema.Resource logo = McpSchema.Resource.builder().uri("orders://logo.png").name("logo")
                .title("Shop logo").mimeType("image/png").size(70L).build();
        return List.of(
                new SyncResourceSpecification(catalog, (exchange, request) -> {
                    StringBuilder text = new StringBuilder();
                    OrderBook.CATALOG.entrySet().stream().sorted(Map.Entry.comparingByKey())
                            .forEach(e -> text.append(e.getKey()).append(": ").append(e.getValue()).append('\n'));
                    return new McpSchema.ReadResourceResult(List.of(
                            new McpSchema.TextResourceContents(request.uri(), "text/plain", text.toString())));
                }),
                new SyncResourceSpecification(logo, (exchange, request) -> new McpSchema.ReadResourceResult(List.of(
                        new McpSchema.BlobResourceContents(request.uri(), "image/png", LOGO_PNG)))));
    }

    SyncResourceTemplateSpecification orderTemplate() {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder().uriTemplate(TEMPLATE)
                .name("order").title("One order").mimeType("text/plain").build();
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            String id = request.uri().substring("orders://order/".length());
            return new McpSchema.ReadResourceResult(List.of(
                    new McpSchema.TextResourceContents(request.uri(), "text/plain", orderText(id))));
        });
    }

    private String orderText(String id) {
        return book.get(id).map(OrderBook.Order::summary).orElse("no order " + id);
    }

    List<SyncPromptSpecification> prompts() {
        McpSchema.Prompt summarize = new McpSchema.Prompt("summarize_order", "Summarise one order",
                List.of(new McpSchema.PromptArgument("id", "The order id, e.g. A-1001", true),
                        new McpSchema.PromptArgument("tone", "friendly or formal", false)));
        McpSchema.Prompt report = new McpSchema.Prompt("daily_report", "Today's orders with the shop logo", List.of());
        return List.of(
                new SyncPromptSpecification(summarize, (exchange, request) -> {
                    String id = String.valueOf(request.arguments().get("id"));
                    Object tone = request.arguments().get("tone");
                    String uri = "orders://order/" + id;
                    return new McpSchema.GetPromptResult("Summarise order " + id, List.of(
                            new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(
                                    "Summarise this order for a customer email" + (tone == null ? "" : " in a " + tone + " tone") + ":")),
                            new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.EmbeddedResource(null,
                                    new McpSchema.TextResourceContents(uri, "text/plain", orderText(id))))));
                }),
                new SyncPromptSpecification(report, (exchange, request) -> {
                    StringBuilder text = new StringBuilder("Write today's report for these orders:\n");
                    book.list(null).forEach(o -> text.append(o.summary()).append('\n'));
                    return new McpSchema.GetPromptResult("Daily report", List.of(
                            new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(text.toString().strip())),
                            new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.ImageContent(null, LOGO_PNG, "image/png"))));
                }));
    }

    List<SyncCompletionSpecification> completions() {
        return List.of(
                new SyncCompletionSpecification(new McpSchema.PromptReference("summarize_order"),
                        (exchange, request) -> ids(request)),
                new SyncCompletionSpecification(new McpSchema.ResourceReference(TEMPLATE), (exchange, request) -> ids(request)));
    }

    private McpSchema.CompleteResult ids(McpSchema.CompleteRequest request) {
        if (!"id".equals(request.argument().name())) {
            return new McpSchema.CompleteResult(new McpSchema.CompleteResult.CompleteCompletion(List.of(), 0, false));
        }
        String prefix = request.argument().value() == null ? "" : request.argument().value();
        List<String> ids = book.list(null).stream().map(OrderBook.Order::id).filter(id -> id.startsWith(prefix)).toList();
        return new McpSchema.CompleteResult(new McpSchema.CompleteResult.CompleteCompletion(ids, ids.size(), false));
    }

    SyncToolSpecification touchOrder() {
        McpSchema.Tool tool = McpSchema.Tool.builder().name("touch_order").title("Touch an order")
                .description("Marks an order as changed: subscribers of orders://order/<id> get notifications/resources/updated.")
                .inputSchema(mapper, """
                        {"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}""")
                .annotations(McpSchema.ToolAnnotations.builder().readOnlyHint(false).destructiveHint(false)
                        .idempotentHint(true).openWorldHint(false).build())
                .build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            String id = String.valueOf(request.arguments().get("id"));
            server.get().notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification("orders://order/" + id));
            return McpSchema.CallToolResult.builder().addTextContent("touched " + id).isError(false).build();
        }).build();
    }
}
