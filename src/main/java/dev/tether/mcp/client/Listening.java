package dev.tether.mcp.client;

import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.OutboundCall;
import java.util.concurrent.CompletableFuture;

/**
 * One open {@code subscriptions/listen} request of a 2026-07-28 session: the stream the server
 * sends the opted-in notifications on. It stays pending for as long as the stream lives; it
 * {@linkplain #ended() ends} when the server answers (a graceful end), answers with an error, ends
 * it with {@code notifications/cancelled} (stdio), the HTTP stream is lost, or the connection ends.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/schema#subscriptionslistenrequest">MCP 2026-07-28 schema: subscriptions/listen</a>
 */
public final class Listening {
    /** How a stream ended: {@code code} is the error code of an error answer, else 0; {@code reason} is readable. */
    public record End(boolean graceful, int code, String reason) {}

    private final OutboundCall call;
    private final ListenFilter requested;
    private final CompletableFuture<ListenFilter> acknowledged = new CompletableFuture<>();
    private final CompletableFuture<End> ended = new CompletableFuture<>();

    Listening(OutboundCall call, ListenFilter requested) {
        this.call = call;
        this.requested = requested;
        call.future().whenComplete((result, failure) -> {
            if (failure == null) {
                ended.complete(new End(true, 0, "the server ended the subscription"));
            } else if (failure instanceof JsonRpcException rpc) {
                ended.complete(new End(false, rpc.code(), rpc.getMessage()));
            } else {
                ended.complete(new End(false, 0, failure.getClass().getSimpleName()));
            }
        });
    }

    /** What was asked for. */
    public ListenFilter requested() {
        return requested;
    }

    /** Completes with what the server agreed to honour, when it acknowledges the stream. */
    public CompletableFuture<ListenFilter> acknowledged() {
        return acknowledged;
    }

    /** Completes once when the stream is over, however it ended. */
    public CompletableFuture<End> ended() {
        return ended;
    }

    /** Ends the stream from Tether's side (the server hears {@code notifications/cancelled}; over HTTP its stream closes). */
    public void cancel() {
        call.cancel();
    }

    String key() {
        return call.id().value().toString();
    }

    void acknowledge(ListenFilter honoured) {
        acknowledged.complete(honoured);
    }

    /** The server ended the stream with {@code notifications/cancelled} (stdio): withdrawn here too. */
    void endedByServer(String reason) {
        ended.complete(new End(false, 0, reason));
        call.cancel();
    }
}
