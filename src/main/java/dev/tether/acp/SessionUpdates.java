package dev.tether.acp;

import dev.tether.acp.schema.SessionUpdate;

/** Sends {@code session/update} notifications for one session (and records them durably where they belong). */
@FunctionalInterface
public interface SessionUpdates {
    void send(SessionUpdate update);
}
