package dev.tether.reference;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The reference server's four tools over an {@link OrderBook}. */
final class OrderTools {
    private final OrderBook book;
    private final McpJsonMapper mapper;

    OrderTools(OrderBook book, McpJsonMapper mapper) {
        this.book = book;
        this.mapper = mapper;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(
                tool("list_orders", "List orders", "Lists orders, optionally only those with one status.",
                        """
                        {"type":"object","properties":{"status":{"type":"string","enum":["open","shipped","cancelled"]}}}""",
                        hints(true, false), (ex, req) -> listOrders(req.arguments())),
                tool("get_order", "Get an order", "Returns one order by id.",
                        """
                        {"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}""",
                        hints(true, false), (ex, req) -> getOrder(req.arguments())),
                tool("cancel_order", "Cancel an order", "Cancels an open order. Cannot be undone.",
                        """
                        {"type":"object","properties":{"id":{"type":"string"},"reason":{"type":"string"}},"required":["id"]}""",
                        hints(false, true), (ex, req) -> cancelOrder(req.arguments())),
                tool("create_order", "Create an order", "Creates an order for a customer.",
                        """
                        {"type":"object","properties":{"customer":{"type":"string"},"items":{"type":"array","items":{"type":"object",
                        "properties":{"sku":{"type":"string"},"quantity":{"type":"integer","minimum":1}},"required":["sku","quantity"]}}},
                        "required":["customer","items"]}""",
                        hints(false, false), (ex, req) -> createOrder(req.arguments())));
    }

    private SyncToolSpecification tool(String name, String title, String description, String schema,
                                       McpSchema.ToolAnnotations annotations,
                                       java.util.function.BiFunction<io.modelcontextprotocol.server.McpSyncServerExchange,
                                               McpSchema.CallToolRequest, CallToolResult> handler) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).title(title).description(description)
                .inputSchema(mapper, schema).annotations(annotations).build();
        return SyncToolSpecification.builder().tool(tool).callHandler(handler).build();
    }

    private static McpSchema.ToolAnnotations hints(boolean readOnly, boolean destructive) {
        return McpSchema.ToolAnnotations.builder().readOnlyHint(readOnly).destructiveHint(destructive)
                .idempotentHint(readOnly).openWorldHint(false).build();
    }

    private CallToolResult listOrders(Map<String, Object> args) {
        Object status = args == null ? null : args.get("status");
        List<OrderBook.Order> orders = book.list(status == null ? null : status.toString());
        StringBuilder text = new StringBuilder();
        orders.forEach(o -> text.append(o.summary()).append('\n'));
        return text(orders.isEmpty() ? "no orders" : text.toString().strip(), false);
    }

    private CallToolResult getOrder(Map<String, Object> args) {
        String id = string(args, "id");
        return book.get(id).map(o -> text(o.summary(), false)).orElseGet(() -> text("no order with id " + id, true));
    }

    private CallToolResult cancelOrder(Map<String, Object> args) {
        String id = string(args, "id");
        try {
            return book.cancel(id, string(args, "reason")).map(o -> text("cancelled: " + o.summary(), false))
                    .orElseGet(() -> text("no order with id " + id, true));
        } catch (IllegalStateException e) {
            return text(e.getMessage(), true);
        }
    }

    private CallToolResult createOrder(Map<String, Object> args) {
        List<OrderBook.Item> items = new ArrayList<>();
        Object raw = args == null ? null : args.get("items");
        if (raw instanceof List<?> list) {
            for (Object entry : list) {
                if (entry instanceof Map<?, ?> m && m.get("sku") != null && m.get("quantity") instanceof Number q) {
                    items.add(new OrderBook.Item(m.get("sku").toString(), q.intValue()));
                }
            }
        }
        if (items.isEmpty()) {
            return text("an order needs at least one item {sku, quantity}", true);
        }
        try {
            return text("created: " + book.create(string(args, "customer"), items).summary(), false);
        } catch (IllegalArgumentException e) {
            return text(e.getMessage(), true);
        }
    }

    private static String string(Map<String, Object> args, String key) {
        Object value = args == null ? null : args.get(key);
        return value == null ? null : value.toString();
    }

    private static CallToolResult text(String text, boolean isError) {
        return CallToolResult.builder().addTextContent(text).isError(isError).build();
    }
}
