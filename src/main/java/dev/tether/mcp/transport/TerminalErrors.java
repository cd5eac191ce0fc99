package dev.tether.mcp.transport;

import java.io.EOFException;
import java.io.IOException;
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
     * What a user reads when an exchange with {@code url} failed on the network: the words of the
     * one table, {@link dev.tether.base.FailureWords}.
     *
     * @param timeout how long the attempt was given (null: not said)
     */
    public static String describe(IOException failure, String url, java.time.Duration timeout) {
        return dev.tether.base.FailureWords.network(failure, url, timeout);
    }
}
