package dev.tether.session.api;

/**
 * Where a session's parts show the user what happens: {@link #send} for what only matters now
 * (progress, usage, a wait), {@link #sendDurable} for what a restored session shows again.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup#loading-sessions">ACP loading sessions</a>
 */
public interface EventSink {

    /** Shows an event that is not part of the durable record. */
    void send(SessionEvent event);

    /** Shows an event and keeps it in the transcript. */
    void sendDurable(SessionEvent event);
}
