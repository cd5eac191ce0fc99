package dev.tether.mcp.transport;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
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

    /**
     * Whether an HTTP exchange that failed with {@code failure} (no answer came) ended the
     * connection. Every I/O failure of an exchange does — the JDK reports a peer that closed or
     * reset the connection in several shapes, some without any cause to judge by — except a
     * request that timed out on a connection that was made (a slow answer is not a lost server).
     */
    public static boolean isTerminalExchange(IOException failure) {
        return !(failure instanceof java.net.http.HttpTimeoutException) || failure instanceof HttpConnectTimeoutException;
    }

    /**
     * What a user reads when an HTTP exchange failed on the network: the kind of failure in words
     * (judged, as {@link #isTerminal}, from the types along the cause chain), then the JDK's
     * detail without exception class names.
     */
    public static String describe(IOException failure) {
        String kind = "the connection to the server failed";
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException) {
                kind = "cannot connect to the server";
                break;
            } else if (t instanceof HttpConnectTimeoutException) {
                kind = "cannot reach the server (connecting timed out)";
                break;
            } else if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                kind = "cannot reach the server (unknown host)";
                break;
            } else if (t instanceof EOFException || t instanceof ClosedChannelException) {
                kind = "the server closed the connection without an answer";
                break;
            } else if (t instanceof SocketException) {
                kind = "the connection to the server broke";
                break;
            }
        }
        String detail = failure.getMessage();
        return detail == null || detail.isBlank() ? kind : kind + ": " + dev.tether.security.Redactor.cap(detail.strip(), 200);
    }
}
