package dev.tether.testing.mcp;

import dev.tether.jsonrpc.MessageChannel;
import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server at the wire seam: every message the client sends is recorded, and each request is
 * answered by {@code script} on its own thread (a JSON-RPC {@code result} or {@code error} object
 * without id and version, which are added; null leaves it unanswered; {@link #EXIT} ends the channel).
 */
public final class WirePeer implements MessageChannel {
    /** Returned by a script to end the channel, as a server process that exits would. */
    public static final JsonNode EXIT = JsonNodeFactory.instance.textNode("exit");

    public final List<JsonNode> sent = new CopyOnWriteArrayList<>();
    private final Function<JsonNode, JsonNode> script;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Listener listener;

    public WirePeer(Function<JsonNode, JsonNode> script) {
        this.script = script;
    }

    @Override
    public void start(Listener listener) {
        this.listener = listener;
    }

    @Override
    public void send(JsonNode message) {
        if (closed.get()) {
            throw new UncheckedIOException(new IOException("closed"));
        }
        sent.add(message);
        if (message.has("id") && message.has("method")) {
            Thread.ofVirtual().start(() -> {
                JsonNode answer = script.apply(message);
                if (answer == EXIT) {
                    close();
                } else if (answer != null && !closed.get()) {
                    ObjectNode framed = ((ObjectNode) answer).deepCopy();
                    framed.put("jsonrpc", "2.0");
                    framed.set("id", message.get("id"));
                    listener.onMessage(framed);
                }
            });
        }
    }

    /** Sends {@code message} (a whole JSON-RPC message; the version is added) to the client, as the server would on its own. */
    public void push(JsonNode message) {
        ObjectNode framed = ((ObjectNode) message).deepCopy();
        framed.put("jsonrpc", "2.0");
        listener.onMessage(framed);
    }

    /** The methods sent, in order. */
    public List<String> methods() {
        return sent.stream().map(m -> m.path("method").asString("")).toList();
    }

    /** The sent requests of {@code method}. */
    public List<JsonNode> requests(String method) {
        return sent.stream().filter(m -> method.equals(m.path("method").asString(""))).toList();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && listener != null) {
            listener.onClosed(null);
        }
    }
}
