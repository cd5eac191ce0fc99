package dev.tether.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * A frame in which an object repeats a key, read by a channel that refuses those
 * ({@link LineChannel#rejectDuplicateKeys()}). Two readers of such a frame may each see a
 * different value, so it is refused whole: an invalid request. {@link #frame()} is the frame as
 * read with the last value winning, good only for finding its id to answer.
 */
public final class DuplicateKeyException extends RuntimeException {
    private final transient JsonNode frame;

    DuplicateKeyException(JsonNode frame) {
        super("an object in the message repeats a key", null, false, false);
        this.frame = frame;
    }

    public JsonNode frame() {
        return frame;
    }
}
