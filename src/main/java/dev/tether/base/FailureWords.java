package dev.tether.base;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * The one table from a failure to the words a user reads: what happened to the thing they named
 * (the host and port of a URL, a file as they wrote it and where it was looked for) and, where
 * there is one, what to do. The kind is judged from the exception types along the cause chain
 * (and, for a program that could not be started, the operating system's error number the JDK
 * reports); the exception itself goes to the log, never into these words. Rows:
 *
 * <table>
 *   <tr><th>failure</th><th>words</th></tr>
 *   <tr><td>{@link ConnectException}</td><td>connection refused by host:port</td></tr>
 *   <tr><td>{@link UnknownHostException}, {@link UnresolvedAddressException}</td><td>unknown host</td></tr>
 *   <tr><td>{@link SSLException}, {@link CertificateException}</td><td>TLS failure, with the certificate's subject when known</td></tr>
 *   <tr><td>{@link HttpConnectTimeoutException}, {@link HttpTimeoutException}</td><td>no answer after the timeout</td></tr>
 *   <tr><td>{@link NoRouteToHostException}</td><td>no route to the host</td></tr>
 *   <tr><td>{@link EOFException}, {@link ClosedChannelException}</td><td>closed the connection without an answer</td></tr>
 *   <tr><td>other {@link SocketException}</td><td>the connection broke</td></tr>
 *   <tr><td>{@link NoSuchFileException}, {@link FileNotFoundException}, error 2</td><td>no such file, as written and as resolved</td></tr>
 *   <tr><td>{@link AccessDeniedException}, error 13</td><td>permission denied, or not executable</td></tr>
 *   <tr><td>error 8</td><td>not a program this system can run</td></tr>
 * </table>
 */
public final class FailureWords {
    private static final Pattern OS_ERROR = Pattern.compile("error(?:=|: )(\\d+)");

    private FailureWords() {}

    /**
     * A failure reaching {@code url}.
     *
     * @param timeout how long the attempt was given, for a timeout's words (null: not said)
     */
    public static String network(Throwable failure, String url, Duration timeout) {
        String where = hostAndPort(url);
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            switch (t) {
                case ConnectException e -> {
                    return "connection refused by " + where + ": nothing is listening there (is the server running, and is the port right?)";
                }
                case UnknownHostException e -> {
                    return "unknown host \"" + host(url) + "\": check the spelling of the URL, or your network and DNS";
                }
                case UnresolvedAddressException e -> {
                    return "unknown host \"" + host(url) + "\": check the spelling of the URL, or your network and DNS";
                }
                case HttpConnectTimeoutException e -> {
                    return "no answer from " + where + after(timeout) + " while connecting: is the host reachable from here (proxy, firewall)?";
                }
                case HttpTimeoutException e -> {
                    return where + " did not answer" + after(timeout);
                }
                case NoRouteToHostException e -> {
                    return "no route to " + where + ": the network cannot reach the host";
                }
                case SSLException e -> {
                    return "TLS failure with " + where + ": " + tls(e);
                }
                case EOFException e -> {
                    return where + " closed the connection without an answer";
                }
                case ClosedChannelException e -> {
                    return where + " closed the connection without an answer";
                }
                default -> {
                    // a cause further down may say more
                }
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SocketException) {
                return "the connection to " + where + " broke";
            }
        }
        // Not a failure of the table: Tether's own words (an SSE stream that named no endpoint) stand.
        String own = failure.getMessage();
        return own == null || own.isBlank() || own.contains("Exception") ? "the connection to " + where + " failed" : where + ": " + own;
    }

    /**
     * A program that could not be started.
     *
     * @param asWritten the command as the user wrote it
     * @param resolved  where it was looked for (null: not resolved)
     */
    public static String program(Throwable failure, String asWritten, Path resolved) {
        return fileFailure(failure, asWritten, resolved, true);
    }

    /** A file that could not be read. */
    public static String file(Throwable failure, String asWritten, Path resolved) {
        return fileFailure(failure, asWritten, resolved, false);
    }

    /** The file rows of the table: a program to start ({@code run}) or a file to read. */
    private static String fileFailure(Throwable failure, String asWritten, Path resolved, boolean run) {
        String looked = resolved == null || resolved.toString().equals(asWritten) ? "" : " (looked for " + resolved + ")";
        String denied = run ? deniedOrNotExecutable(asWritten, resolved, looked) : "permission denied reading \"" + asWritten + "\"" + looked;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof NoSuchFileException || t instanceof FileNotFoundException) {
                return "no such file: \"" + asWritten + "\"" + looked;
            }
            if (t instanceof AccessDeniedException) {
                return denied;
            }
            Matcher m = OS_ERROR.matcher(String.valueOf(t.getMessage()));
            if (run && m.find()) {
                return switch (m.group(1)) {
                    case "2" -> "no such file: \"" + asWritten + "\"" + looked;
                    case "13" -> denied;
                    case "8" -> "\"" + asWritten + "\"" + looked + " is not a program this system can run (a script needs a #! line)";
                    default -> "cannot start \"" + asWritten + "\"" + looked + " (system error " + m.group(1) + ")";
                };
            }
        }
        return (run ? "cannot start \"" : "cannot read \"") + asWritten + "\"" + looked;
    }

    private static String deniedOrNotExecutable(String asWritten, Path resolved, String looked) {
        if (resolved != null && java.nio.file.Files.isRegularFile(resolved) && !java.nio.file.Files.isExecutable(resolved)) {
            return "\"" + asWritten + "\"" + looked + " is not executable: run chmod +x " + resolved;
        }
        return "permission denied starting \"" + asWritten + "\"" + looked;
    }

    private static String tls(SSLException e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CertificateException && t.getMessage() != null && t.getMessage().startsWith("the certificate of ")) {
                return t.getMessage();
            }
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (message.contains("PKIX") || message.contains("certification path")) {
            return "the server's certificate is not trusted (add its authority with network.caBundle or NODE_EXTRA_CA_CERTS)";
        }
        if (message.contains("No subject alternative") || message.contains("No name matching")) {
            return "the server's certificate is for another name";
        }
        return "the secure connection could not be set up";
    }

    private static String after(Duration timeout) {
        if (timeout == null) {
            return "";
        }
        long seconds = timeout.toSeconds();
        return seconds >= 1 ? " after " + seconds + " s" : " after " + timeout.toMillis() + " ms";
    }

    /** host:port of a URL, the port filled in from the scheme. */
    public static String hostAndPort(String url) {
        try {
            URI uri = URI.create(url);
            int port = uri.getPort() != -1 ? uri.getPort()
                    : "https".equals(uri.getScheme()) || "wss".equals(uri.getScheme()) ? 443 : 80;
            return uri.getHost() == null ? url : uri.getHost() + ":" + port;
        } catch (IllegalArgumentException e) {
            return "the server";
        }
    }

    private static String host(String url) {
        try {
            String host = URI.create(url).getHost();
            return host == null ? url : host;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }
}
