package dev.tether.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import dev.tether.json.Json;

/** Which transport failures end a connection (and start recovery), judged by type along the cause chain. */
class TerminalErrorsTest {

    @Test
    void aGonePeerIsTerminalAndProtocolTroubleIsNot() {
        JacksonException badJson = null;
        try {
            Json.parse("{not json");
        } catch (JacksonException e) {
            badJson = e;
        }
        Map<String, Throwable> failures = new java.util.LinkedHashMap<>();
        failures.put("refused", new ConnectException("Connection refused"));
        failures.put("reset, wrapped", new IOException("request failed", new SocketException("anything")));
        failures.put("broken pipe", new UncheckedIOException(new SocketException("pipe")));
        failures.put("unreachable", new NoRouteToHostException());
        failures.put("no such host", new UnknownHostException("mcp.invalid"));
        failures.put("connect timed out", new HttpConnectTimeoutException("connect"));
        failures.put("closed without answer", new IOException("header parser", new EOFException()));
        failures.put("session lost", new HttpTransport.SessionLostException("404"));
        failures.put("bad JSON", badJson);
        failures.put("answer timed out", new HttpTimeoutException("request timed out"));
        failures.put("plain I/O message", new IOException("Connection reset"));
        failures.put("a bug", new IllegalStateException("oops"));
        Map<String, Boolean> judged = failures.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> TerminalErrors.isTerminal(e.getValue()), (a, b) -> a, java.util.LinkedHashMap::new));
        List<String> terminal = judged.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        assertEquals(List.of("refused", "reset, wrapped", "broken pipe", "unreachable", "no such host", "connect timed out",
                "closed without answer", "session lost"), terminal);
    }

    @Test
    void anHttpExchangeThatGotNoAnswerEndsTheConnectionUnlessItOnlyTimedOut() {
        // The JDK reports a peer that closed the connection before answering with or without a cause.
        assertEquals(true, TerminalErrors.isTerminalExchange(new IOException("HTTP/1.1 header parser received no bytes")));
        assertEquals(true, TerminalErrors.isTerminalExchange(new IOException("closed", new EOFException())));
        assertEquals(true, TerminalErrors.isTerminalExchange(new ConnectException("Connection reset by peer")));
        assertEquals(true, TerminalErrors.isTerminalExchange(new HttpConnectTimeoutException("connect")));
        assertEquals(false, TerminalErrors.isTerminalExchange(new HttpTimeoutException("request timed out")));
    }

    @Test
    void whatTheUserReadsSaysWhatHappenedWithoutClassNames() {
        String url = "http://127.0.0.1:9/mcp";
        assertEquals("connection refused by 127.0.0.1:9: nothing is listening there (is the server running, and is the port right?)",
                TerminalErrors.describe(new ConnectException("Connection reset by peer"), url, null));
        assertEquals("127.0.0.1:9 closed the connection without an answer",
                TerminalErrors.describe(new IOException("closed", new EOFException()), url, null));
        assertEquals("127.0.0.1:9: HTTP/1.1 header parser received no bytes",
                TerminalErrors.describe(new IOException("HTTP/1.1 header parser received no bytes"), url, null));
    }
}
