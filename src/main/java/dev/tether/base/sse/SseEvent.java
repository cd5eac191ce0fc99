package dev.tether.base.sse;

/**
 * One dispatched server-sent event.
 *
 * @param type the {@code event} field, {@code "message"} when the server sent none
 * @param data the {@code data} lines joined with {@code \n}
 * @param lastEventId the last {@code id} seen on the stream so far ({@code ""} when none)
 * @param retryMillis the last valid {@code retry} value seen so far, or -1
 * @see <a href="https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation">SSE interpretation</a>
 */
public record SseEvent(String type, String data, String lastEventId, long retryMillis) {}
