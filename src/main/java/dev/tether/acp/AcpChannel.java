package dev.tether.acp;

import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.jsonrpc.Message;
import dev.tether.jsonrpc.OversizeId;
import dev.tether.jsonrpc.RequestId;
import java.io.InputStream;
import java.io.OutputStream;
import tools.jackson.databind.JsonNode;

/**
 * The ACP line channel on the editor's streams. A request too long to read (over 16 MB) gets an
 * error answer for its id besides the parse error, so the editor never waits for an answer that
 * cannot come. A message in which an object repeats a key is an invalid request (-32600, with its
 * id): the editor and Tether must not read one message two ways.
 */
public final class AcpChannel {
    private AcpChannel() {}

    public static LineChannel open(InputStream in, OutputStream out) {
        LineChannel channel = new LineChannel("acp", in, out).rejectDuplicateKeys();
        channel.onOversize(line -> {
            JsonNode id = OversizeId.of(line);
            if (id != null && (id.isString() || id.isIntegralNumber())) {
                try {
                    channel.send(Message.Response.failure(new RequestId(id), JsonRpcError.of(JsonRpcError.INVALID_REQUEST,
                        "Request too large: " + OversizeId.megabytes(line.bytes()) + " (the limit is "
                                + OversizeId.megabytes(LineChannel.DEFAULT_MAX_LINE_BYTES) + ")")).toJson());
                } catch (java.io.UncheckedIOException e) {
                    // The editor went away; nothing to answer.
                }
            }
        });
        return channel;
    }
}
