package dev.tether.reference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The reference server's fictional orders: deterministic seed data, changed only by its tools. */
final class OrderBook {
    record Item(String sku, int quantity) {}

    record Order(String id, String customer, String status, List<Item> items, String note) {
        Order {
            items = List.copyOf(items);
        }

        String summary() {
            StringBuilder s = new StringBuilder(id + " — " + customer + " — " + status + " — ");
            for (int i = 0; i < items.size(); i++) {
                s.append(i == 0 ? "" : ", ").append(items.get(i).quantity()).append(" × ").append(items.get(i).sku());
            }
            return note == null ? s.toString() : s + " (" + note + ")";
        }
    }

    static final Map<String, String> CATALOG = Map.of(
            "SKU-LAMP", "Desk lamp", "SKU-MUG", "Coffee mug", "SKU-PEN", "Fountain pen", "SKU-BOOK", "Notebook");

    private final Map<String, Order> orders = new LinkedHashMap<>();
    private int next = 1006;

    OrderBook() {
        add(new Order("A-1001", "Ada Lovelace", "open", List.of(new Item("SKU-LAMP", 1), new Item("SKU-PEN", 2)), null));
        add(new Order("A-1002", "Alan Turing", "shipped", List.of(new Item("SKU-BOOK", 3)), null));
        add(new Order("A-1003", "Grace Hopper", "open", List.of(new Item("SKU-MUG", 4)), null));
        add(new Order("A-1004", "Edsger Dijkstra", "cancelled", List.of(new Item("SKU-PEN", 1)), "customer request"));
        add(new Order("A-1005", "Barbara Liskov", "shipped", List.of(new Item("SKU-LAMP", 2), new Item("SKU-MUG", 1)), null));
    }

    private void add(Order order) {
        orders.put(order.id(), order);
    }

    synchronized List<Order> list(String status) {
        return orders.values().stream().filter(o -> status == null || o.status().equals(status)).toList();
    }

    synchronized Optional<Order> get(String id) {
        return Optional.ofNullable(orders.get(id));
    }

    /** Cancels an open order; returns the updated order, or empty when unknown. Throws for a non-open order. */
    synchronized Optional<Order> cancel(String id, String reason) {
        Order order = orders.get(id);
        if (order == null) {
            return Optional.empty();
        }
        if (!order.status().equals("open")) {
            throw new IllegalStateException("order " + id + " is " + order.status() + " and cannot be cancelled");
        }
        Order cancelled = new Order(id, order.customer(), "cancelled", order.items(), reason);
        orders.put(id, cancelled);
        return Optional.of(cancelled);
    }

    synchronized Order create(String customer, List<Item> items) {
        for (Item item : items) {
            if (!CATALOG.containsKey(item.sku()) || item.quantity() < 1) {
                throw new IllegalArgumentException("unknown SKU or bad quantity: " + item.sku() + " × " + item.quantity());
            }
        }
        Order order = new Order("A-" + next++, customer, "open", new ArrayList<>(items), null);
        orders.put(order.id(), order);
        return order;
    }
}
