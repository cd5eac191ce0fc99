package dev.tether.jsonrpc;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * A request we sent. {@link #cancel(String)} withdraws it from the peer and frees it locally;
 * a late answer is then dropped.
 */
public final class OutboundCall {
    private final RequestId id;
    private final CompletableFuture<JsonNode> result;
    private final Consumer<RuntimeException> withdraw;

    OutboundCall(RequestId id, CompletableFuture<JsonNode> result, Consumer<RuntimeException> withdraw) {
        this.id = id;
        this.result = result;
        this.withdraw = withdraw;
    }

    public RequestId id() {
        return id;
    }

    public CompletableFuture<JsonNode> future() {
        return result;
    }

    /** Withdraws the request (sends the peer's cancel notification once); waiters get -32800. */
    public void cancel() {
        withdraw.accept(new JsonRpcException(JsonRpcError.REQUEST_CANCELLED, "request cancelled"));
    }

    /**
     * Waits for the answer with no time limit other than {@code cancellation}: requests that
     * wait for a person (permission, elicitation) must not time out.
     *
     * @throws JsonRpcException  the peer answered with an error, or the connection closed
     * @throws CancelledException the cancellation fired; the request was withdrawn
     */
    public JsonNode await(Cancellation cancellation) {
        return await(cancellation, null);
    }

    /** As {@link #await(Cancellation)}, and withdraws the request after {@code timeout}. */
    public JsonNode await(Cancellation cancellation, Duration timeout) {
        try (Cancellation.Registration ignored = cancellation.onCancel(() -> withdraw.accept(new CancelledException()))) {
            return timeout == null ? result.get() : result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof JsonRpcException rpc) {
                throw rpc;
            }
            if (e.getCause() instanceof CancelledException c) {
                throw c;
            }
            throw JsonRpcException.internal("request failed");
        } catch (TimeoutException e) {
            cancel();
            throw new JsonRpcException(JsonRpcError.REQUEST_CANCELLED, "timed out after " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            throw new CancelledException();
        }
    }
}
