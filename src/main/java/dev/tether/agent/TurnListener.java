package dev.tether.agent;

/**
 * Receives a turn's {@link TurnEvent}s on the turn's own thread, in order. Implementations
 * must not block for long: the model stream waits while an event is handled.
 */
@FunctionalInterface
public interface TurnListener {
    void on(TurnEvent event);
}
