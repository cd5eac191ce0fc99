package dev.tether.session.api;

/**
 * Why the session layer refuses a request: the kinds a caller must tell apart, each with a
 * message written for the user. Carries no cause and no stack trace, because the message is all
 * the editor ever sees. The editor adapter maps each kind to its protocol error in one place
 * ({@code acp/AcpErrors}).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup">ACP session setup</a>
 */
public abstract sealed class SessionError extends RuntimeException {

    private SessionError(String message) {
        super(message, null, false, false);
    }

    /** No live session has this id; {@code stored} says that its transcript exists and can be loaded or resumed. */
    public static final class SessionNotFound extends SessionError {
        public SessionNotFound(String sessionId, boolean stored) {
            super("Session not found: " + sessionId + (stored ? " (it is stored: load or resume it first)" : ""));
        }
    }

    /** The session was closed while the request waited for it. */
    public static final class SessionClosed extends SessionError {
        public SessionClosed(SessionId id) {
            super("Session " + id + " is closed");
        }
    }

    /** A prompt turn is already running: a session runs one at a time. */
    public static final class PromptInProgress extends SessionError {
        public PromptInProgress() {
            super("A prompt is already running in this session; cancel it first");
        }
    }

    /** A value the caller sent does not name anything the session has (a mode, model, cursor, directory…). */
    public static final class InvalidParams extends SessionError {
        public InvalidParams(String message) {
            super(message);
        }
    }

    /** The model provider rejected its credentials: the user has to fix them before the next prompt. */
    public static final class AuthRequired extends SessionError {
        public AuthRequired(String message) {
            super(message);
        }
    }
}
