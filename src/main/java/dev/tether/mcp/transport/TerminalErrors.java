package dev.tether.mcp.transport;

import java.io.EOFException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;

/**
 * Which transport failures end a connection (and start recovery): the peer is gone or cannot be
 * reached — connection refused, reset or timed out while connecting, no route or no such host,
 * a broken pipe, a stream closed under us. Judged from exception types along the cause chain,
 * never from message text. Protocol trouble (bad JSON, an error answer, a timeout waiting for an
 * answer on a live connection) is not terminal.
 */
public final class TerminalErrors {
    private TerminalErrors() {}

    /** Whether {@code failure} or one of its causes says the peer is gone or unreachable. */
    public static boolean isTerminal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SocketException // refused (ConnectException), reset, broken pipe, no route, port unreachable
                    || t instanceof HttpConnectTimeoutException
                    || t instanceof UnknownHostException
                    || t instanceof UnresolvedAddressException
                    || t instanceof ClosedChannelException
                    || t instanceof EOFException) { // the server closed the connection without an answer
                return true;
            }
            if (t instanceof HttpTransport.SessionLostException) {
                return true;
            }
        }
        return false;
    }
}
