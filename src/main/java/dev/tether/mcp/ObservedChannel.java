package dev.tether.mcp;

import dev.tether.jsonrpc.MessageChannel;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/** Decorates a transport to tell its connection how it ended (the cause is what recovery keys on). */
final class ObservedChannel implements MessageChannel {
    private final MessageChannel delegate;
    private final Consumer<Throwable> ended;
    private volatile boolean failed;

    ObservedChannel(MessageChannel delegate, Consumer<Throwable> ended) {
        this.delegate = delegate;
        this.ended = ended;
    }

    /** Whether the transport ended with an error we did not cause (process died, connection refused, session lost). */
    boolean failed() {
        return failed;
    }

    MessageChannel delegate() {
        return delegate;
    }

    @Override
    public void start(Listener listener) {
        delegate.start(new Listener() {
            @Override
            public void onMessage(JsonNode message) {
                listener.onMessage(message);
            }

            @Override
            public void onMalformed(String reason) {
                listener.onMalformed(reason);
            }

            @Override
            public void onClosed(Throwable cause) {
                failed = cause != null; // before the pending requests hear of it
                listener.onClosed(cause);
                ended.accept(cause);
            }
        });
    }

    @Override
    public void send(JsonNode message) {
        delegate.send(message);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
