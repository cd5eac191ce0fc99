package dev.tether.acp;

import dev.tether.json.PlainJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Answers the editor's first frame when it is an {@code initialize} request, straight from its
 * bytes ({@link dev.tether.jsonrpc.LineChannel#answerFirstLine}), while the rest of the agent is
 * still being put together: the answer then waits neither for the settings nor for Jackson, whose
 * first parse costs about 10 ms at start-up (docs/reference/performance.md). The editor's
 * capabilities go to the consumer given to {@link #onInitialized} before the channel hands any
 * later frame on. A frame that {@link PlainJson} declines, or that is not a plain {@code initialize}
 * request, is left to the connection, which answers it as any other (the same answer, or the same
 * error, either way).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
 */
public final class FirstInitialize {
    /** The members of a JSON-RPC request. */
    private static final Set<Object> ENVELOPE = Set.of("jsonrpc", "id", "method", "params");

    private final String version;
    private ClientCapabilities answered;
    private Consumer<ClientCapabilities> consumer;

    public FirstInitialize(String version) {
        this.version = version;
    }

    /** The whole answer frame for {@code line[0, length)}, or null to leave the frame to the connection. */
    public String answer(byte[] line, int length) {
        if (!(PlainJson.read(line, 0, length) instanceof Map<?, ?> frame)
                || !ENVELOPE.containsAll(frame.keySet())
                || !"2.0".equals(frame.get("jsonrpc"))
                || !"initialize".equals(frame.get("method"))
                || !(frame.get("id") instanceof String || frame.get("id") instanceof Long)
                || !(frame.get("params") instanceof Map<?, ?> params)) {
            return null;
        }
        ClientCapabilities client = ClientCapabilities.fromPlain(params.get("clientCapabilities"));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("jsonrpc", "2.0");
        answer.put("id", frame.get("id"));
        answer.put("result", InitializeResult.of(version, client).plain());
        String text = PlainJson.write(answer);
        deliver(client);
        return text;
    }

    /**
     * Where the capabilities of an answered first {@code initialize} go: at once when it has been
     * answered already, else on the channel's reader when it is, before any later frame is read.
     */
    public void onInitialized(Consumer<ClientCapabilities> consumer) {
        ClientCapabilities now;
        synchronized (this) {
            this.consumer = consumer;
            now = answered;
        }
        if (now != null) {
            consumer.accept(now);
        }
    }

    private void deliver(ClientCapabilities client) {
        Consumer<ClientCapabilities> to;
        synchronized (this) {
            answered = client;
            to = consumer;
        }
        if (to != null) {
            to.accept(client);
        }
    }
}
